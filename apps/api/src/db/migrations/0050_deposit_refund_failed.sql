-- A cash order's deposit the provider refused is marked `refund_failed` (orders/deposit.ts), so that the pass giving
-- back the deposits a stopped process left `refunding` does not ask again for one an admin is to give back by hand.
-- Before this, a refused deposit stayed `refunding` with a `deposit_refund_failed` audit entry: those are marked now.
UPDATE "orders" SET "deposit_state" = 'refund_failed'
WHERE "deposit_state" = 'refunding'
  AND EXISTS (
    SELECT 1 FROM "audit_logs"
    WHERE "audit_logs"."action" = 'deposit_refund_failed' AND "audit_logs"."data"->>'orderId' = "orders"."id"::text
  );--> statement-breakpoint
CREATE INDEX "orders_deposit_refunding_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."deposit_state" = 'refunding';
