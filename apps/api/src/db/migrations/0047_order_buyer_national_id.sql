-- The buyer's national ID, asked only of an order whose e-receipt the Tax Authority wants it on
-- (docs/decisions/eta-receipts.md); null for every other order.
ALTER TABLE "orders" ADD COLUMN "buyer_national_id" text;
