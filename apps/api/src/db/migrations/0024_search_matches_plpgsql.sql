-- search_matches of migration 0020, the same statement in PL/pgSQL. A SQL function that cannot be inlined (its SET
-- keeps the planner off a sequential scan) is planned again for every statement that calls it, up to three times a
-- search; a PL/pgSQL one keeps its plan for the connection, as the query rewrites of 0021 do. The statements of 300
-- searches of the bench's mix, run one after another on one connection: 4.0 s, 3.3 s with the search's statement
-- named, 3.0 s with this function too.
CREATE OR REPLACE FUNCTION search_matches(match tsquery, rank tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at,
    ts_rank(p.search, search_matches.rank), p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ search_matches.match AND (search_matches.include_out_of_stock OR p.in_stock)
  LIMIT search_matches.cap;
END $$;
