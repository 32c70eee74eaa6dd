CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The sale days' index, which 0066 made only in an edit after its release (0066 is restored as released): IF NOT
-- EXISTS serves a database that ran either version of it.
CREATE INDEX IF NOT EXISTS "products_sale_ends_idx" ON "products" USING btree ("sale_ends_on") WHERE "products"."sale_ends_on" is not null;