DROP INDEX "eta_receipts_order_kind_key";--> statement-breakpoint
CREATE UNIQUE INDEX "eta_receipts_order_sale_key" ON "eta_receipts" USING btree ("order_id","kind") WHERE "eta_receipts"."state" <> 'replaced' and "eta_receipts"."kind" <> 'return';--> statement-breakpoint
CREATE INDEX "eta_receipts_order_idx" ON "eta_receipts" USING btree ("order_id");