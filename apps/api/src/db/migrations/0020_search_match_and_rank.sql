-- Typed words as the query that finds products: each word as a prefix as typed ('simple') or stemmed ('english'), as
-- search_words_tsquery makes them, with the prefixes written as the words they stand for (exact_words_tsquery). Once
-- so written the two forms are often the same ('kettl':* and 'kettle':* both stand for 'kettle'): the query is then
-- one form, not both joined by OR, which the GIN index would read twice (two words at a million products: 2.2 ms
-- against 1.2).
CREATE FUNCTION exact_typed_words_tsquery(prefixes text) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT CASE WHEN forms.simple = forms.english THEN forms.simple ELSE forms.simple || forms.english END
  FROM (SELECT exact_words_tsquery(to_tsquery('simple', prefixes)) AS simple,
    exact_words_tsquery(to_tsquery('english', prefixes)) AS english) AS forms;
END;
--> statement-breakpoint
-- A search's matches: those of `match` (the query with its prefixes written as words), ranked by `rank` (the query as
-- typed, which ts_rank weighs as before). The caller makes both once: the function no longer rewrites the query.
DROP FUNCTION search_matches(tsquery, boolean, integer);--> statement-breakpoint
CREATE FUNCTION search_matches(match tsquery, rank tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at, ts_rank(p.search, rank),
    p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ match AND (include_out_of_stock OR p.in_stock)
  LIMIT cap;
END;
