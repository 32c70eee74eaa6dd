-- A delivery phone's record (how many of its parcels were delivered, how many refused) reads every order sent to
-- that number: without an index that read scans every order the shop ever took.
CREATE INDEX "orders_delivery_phone_idx" ON "orders" USING btree (("delivery_address"->>'phone'));
