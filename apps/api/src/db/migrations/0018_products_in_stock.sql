DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_department_idx";--> statement-breakpoint
-- An order's stock update changes no indexed column now that the list indexes hold in_stock: PostgreSQL updates the
-- row in place (a HOT update) when its page has room, with no new index entries.
ALTER TABLE "products" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS (stock > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at","id","brand","price","rating","in_stock","cod");--> statement-breakpoint
CREATE INDEX "products_department_idx" ON "products" USING btree ("department_id","created_at","id","brand","price","rating","in_stock","cod");--> statement-breakpoint
-- The matches carry in_stock, which the filters' conditions read, in place of stock.
DROP FUNCTION search_matches(tsquery, boolean, integer);--> statement-breakpoint
CREATE FUNCTION search_matches(query tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at, ts_rank(p.search, query),
    p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ (SELECT exact_words_tsquery(query)) AND (include_out_of_stock OR p.in_stock)
  LIMIT cap;
END;
