-- A payment the shop gives back of its own accord (payments/give-back.ts: a second payment of an order already paid,
-- or one that came after its order was cancelled) is marked with why in the transaction that records it, so that a
-- process stopping before it asks the provider leaves it for the recovery pass; `refund_failed` once the provider
-- refused, for an admin to give back by hand, never asked again. Older ones were given back, or audited as refused.
ALTER TABLE "payments" ADD COLUMN "give_back" text;--> statement-breakpoint
CREATE INDEX "payments_give_back_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."give_back" in ('duplicate', 'paid_after_cancel') and "payments"."state" = 'paid';
