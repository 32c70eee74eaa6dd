-- A search's matches also carry their option values (0013), so that one statement counts the option facets over
-- the same matches as the ranking and the other facets (service.ts in modules/search): the matches are scanned
-- once per search, not once per facet. The returned columns change, so the function is made anew.
DROP FUNCTION IF EXISTS search_matches(tsquery, boolean, integer);--> statement-breakpoint
CREATE FUNCTION search_matches(query tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, stock integer, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.stock, p.cod, p.created_at, ts_rank(p.search, query),
    p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ query AND (include_out_of_stock OR p.stock > 0)
  LIMIT cap;
END;
