-- A search's matches with every column its ranking and its filter panel's counts read, so that one scan of the
-- matches serves both (search_candidates served the ranking only: the counts scanned the matches again, which
-- made half the cost of a search for a common word). Planned with sequential scans off, as search_candidates was:
-- the planner prices a text-search match at one operator, so for a word in a few percent of the products it
-- may pick a table scan that tests every row (over 100 ms at 100,000 products) over the index (3 ms).
CREATE OR REPLACE FUNCTION search_matches(query tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, stock integer, cod boolean,
    created_at timestamptz, relevance real)
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.stock, p.cod, p.created_at, ts_rank(p.search, query)
  FROM products p
  WHERE p.search @@ query AND (include_out_of_stock OR p.stock > 0)
  LIMIT cap;
END;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_candidates(tsquery, boolean, integer);
