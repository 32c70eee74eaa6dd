-- The dashboard's order page lists the messages of one order: without an index that read, and the cascade when an
-- order is deleted, scan every message the shop ever sent.
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id") WHERE "order_id" is not null;
