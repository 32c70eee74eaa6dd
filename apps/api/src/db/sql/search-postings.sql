-- Search postings (docs/decisions/search-postings.md): search_postings holds one row for each word of a product's
-- name or brand with the product's rank for that word and the columns a search sorts and counts by, in an index in
-- the order a search ranks by, so a common word's best ranked products are read first and the reading stops at the
-- cap, where the text-search index visits every match. The triggers here keep it; search_matches reads it when it
-- can answer the query, and the text-search index otherwise.

-- A product's postings: each word of its name or brand (weights A and B of its search vector) with the product's
-- ts_rank for that word and the columns a search sorts and counts by.
CREATE OR REPLACE FUNCTION postings_of(p products) RETURNS SETOF search_postings LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT word.lexeme,
    ts_rank(p.search, ('''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery),
    p.created_at, p.id, p.in_stock, p.brand, p.price, p.rating, p.num_reviews, p.cod, p.option_values <> '{}'
  FROM unnest(p.search) AS word
  WHERE word.weights && '{A,B}';
END;
--> statement-breakpoint
-- Kept as products are written: inserts a statement at a time (a COPY of thousands posts them in one go), edits
-- row by row when a posted column changes (an order taking a unit changes none until the last), deletes a statement
-- at a time.
CREATE OR REPLACE FUNCTION post_inserted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings SELECT posting.* FROM inserted_products AS p, postings_of(p) AS posting;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION repost_edited_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id = OLD.id;
  INSERT INTO search_postings SELECT * FROM postings_of(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unpost_deleted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id IN (SELECT id FROM deleted_products);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_postings_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_postings_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION post_inserted_products();
--> statement-breakpoint
-- A product whose id changes is reposted too: its postings carry the id.
DROP TRIGGER IF EXISTS products_postings_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.id, OLD.search, OLD.created_at, OLD.in_stock, OLD.brand, OLD.price, OLD.rating, OLD.num_reviews,
      OLD.cod, OLD.option_values <> '{}')
    IS DISTINCT FROM (NEW.id, NEW.search, NEW.created_at, NEW.in_stock, NEW.brand, NEW.price, NEW.rating,
      NEW.num_reviews, NEW.cod, NEW.option_values <> '{}'))
  EXECUTE FUNCTION repost_edited_product();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_postings_delete ON products;
--> statement-breakpoint
CREATE TRIGGER products_postings_delete AFTER DELETE ON products REFERENCING OLD TABLE AS deleted_products FOR EACH STATEMENT EXECUTE FUNCTION unpost_deleted_products();
--> statement-breakpoint
-- A search's matches: those of `match` (the query with its prefixes written as words), ranked by `rank` (the query as
-- typed), at most `cap` of them, read from the postings when they can answer: `posted` lists the words of a query that
-- is one word or alternatives of it (any_prefix_tsquery, search-prefixes.sql; null for any other query), and
-- `complete` says whether they were asked of names and brands alone (weights AB, as similar words are), whose
-- postings then hold all the matches; asked of all the text, the postings hold all the matches too when no product
-- has the words outside its name and brand only (search_lexemes.unposted), and hold the best ranked if they hold
-- `cap` products (a description's words weigh less than a name's). A word's postings are read best first and stop at
-- `cap`. Several words' postings are read so that each product counts once: their first `cap` postings in rank order
-- are grouped by product (a product's first posting is its best) straight into the result; the products missing are
-- read from the postings that follow, as many as they took each so far, each product at its best posting there if it
-- has no better one of the words (an index probe each; the product of the last posting read before is left out, as
-- its postings of equal rank come in no set order), and the first of them in rank order kept, as many as are missing:
-- only those few are sorted (a mistyped word with two similar words at 100,000 products: 10 ms, where counting a
-- longer merge, reading it again, grouping and sorting it all took 20). Only the products sold in variants are
-- visited, for their option values. Otherwise the text-search index answers, planned with sequential scans off: the
-- planner prices a text-search match at one operator, so for a word in a few percent of the products it may pick a
-- table scan that tests every row (over 100 ms at 100,000 products) over the index (3 ms).
-- PL/pgSQL, which keeps its plans for the connection (a SQL function that cannot be inlined is planned again for
-- every statement that calls it). No parallel workers: the planner counts the option values' subqueries once a row,
-- and fewer rows a worker made a parallel scan of all a word's postings and a sort look cheaper than reading the
-- first 5,000 in order (24 ms against 1.5).
CREATE OR REPLACE FUNCTION search_matches(match tsquery, rank tsquery, posted text[], complete boolean,
    include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  ranked text := 'relevance DESC NULLS LAST, created_at DESC NULLS LAST, product_id';
  -- A word's first `cap` postings: a product further down has `cap` better than it with that word alone.
  one_word text := 'SELECT %s FROM search_postings WHERE lexeme = $1[%s] AND ($2 OR in_stock) ORDER BY %s LIMIT $3';
  -- The columns returned, from postings: only the products sold in variants are visited, for their option values.
  returned text := 'SELECT m.product_id, m.brand, m.price, m.rating, m.num_reviews, m.in_stock, m.cod, m.created_at,
      m.relevance,
      CASE WHEN m.has_options THEN (SELECT p.option_values FROM products p WHERE p.id = m.product_id) ELSE ''{}'' END,
      CASE WHEN m.has_options THEN (SELECT p.option_values_in_stock FROM products p WHERE p.id = m.product_id)
        ELSE ''{}'' END
    FROM (%s) AS m';
  -- A product once, at its best of the postings read (`%s`), kept if it passes `%s`.
  by_product text := 'SELECT product_id, max(relevance) AS relevance, created_at, in_stock, brand, price, rating,
      num_reviews, cod, has_options
    FROM (%s) AS posting
    GROUP BY product_id, created_at, in_stock, brand, price, rating, num_reviews, cod, has_options %s';
  merged text;
  found integer;
  added integer;
  read integer := cap;
  step integer;
  total integer;
BEGIN
  IF cardinality(posted) = 0 THEN
    posted := NULL;
  END IF;
  IF posted IS NOT NULL AND NOT complete THEN
    complete := NOT EXISTS (SELECT FROM search_lexemes WHERE lexeme = ANY (posted) AND unposted);
  END IF;
  -- Words asked of all the text: the postings hold the best ranked if they hold `cap` products, as one word alone
  -- mostly shows; else all their words' products are counted.
  IF posted IS NOT NULL AND NOT complete AND (
    SELECT max(best.postings) FROM unnest(posted) AS word(lexeme), LATERAL (
      SELECT count(*) AS postings FROM (
        SELECT FROM search_postings s
        WHERE s.lexeme = word.lexeme AND (search_matches.include_out_of_stock OR s.in_stock)
        LIMIT search_matches.cap
      ) AS first_postings
    ) AS best
  ) < search_matches.cap THEN
    IF cardinality(posted) = 1 OR (
      SELECT count(*) FROM (
        SELECT DISTINCT first_postings.product_id FROM unnest(posted) AS word(lexeme), LATERAL (
          SELECT s.product_id FROM search_postings s
          WHERE s.lexeme = word.lexeme AND (search_matches.include_out_of_stock OR s.in_stock)
          ORDER BY s.relevance DESC NULLS LAST, s.created_at DESC NULLS LAST, s.product_id
          LIMIT search_matches.cap
        ) AS first_postings
      ) AS posted_products
    ) < search_matches.cap THEN
      posted := NULL;
    END IF;
  END IF;
  IF posted IS NULL THEN
    RETURN QUERY
    SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at,
      ts_rank(p.search, search_matches.rank), p.option_values, p.option_values_in_stock
    FROM products p
    WHERE p.search @@ search_matches.match AND (search_matches.include_out_of_stock OR p.in_stock)
    LIMIT search_matches.cap;
    RETURN;
  END IF;
  -- Each read is run with EXECUTE, so that it is planned for its words: a plan made for any words reads them all.
  IF cardinality(posted) = 1 THEN
    RETURN QUERY EXECUTE format(returned, format(one_word, '*', 1, ranked))
      USING posted, search_matches.include_out_of_stock, search_matches.cap;
    RETURN;
  END IF;
  merged := format('SELECT * FROM (%s) AS posting ORDER BY %s OFFSET $4 LIMIT $5',
    (SELECT string_agg(format('(' || one_word || ')', '*', i, ranked), ' UNION ALL ')
      FROM generate_subscripts(posted, 1) AS i), ranked);
  RETURN QUERY EXECUTE format(returned, format(by_product, merged, ''))
    USING posted, search_matches.include_out_of_stock, search_matches.cap, 0, search_matches.cap;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found < search_matches.cap THEN
    EXECUTE format('SELECT count(*) FROM (%s) AS posting',
      (SELECT string_agg(format('(' || one_word || ')', '', i, ranked), ' UNION ALL ')
        FROM generate_subscripts(posted, 1) AS i))
      INTO total USING posted, search_matches.include_out_of_stock, search_matches.cap;
  END IF;
  WHILE found < search_matches.cap AND read < total LOOP
    -- As many postings as the products missing took so far on average, and the first of their products.
    step := ceil((search_matches.cap - found)::numeric * read / found);
    RETURN QUERY EXECUTE format(returned, format(by_product,
      format('SELECT * FROM (SELECT *, first_value(product_id) OVER (ORDER BY %s) AS last_read FROM (%s) AS merged)
        AS posting WHERE product_id <> last_read', ranked, merged),
      'HAVING max(relevance) >= (SELECT max(better.relevance) FROM search_postings better
          WHERE better.product_id = posting.product_id AND better.lexeme = ANY ($1))
        ORDER BY max(relevance) DESC NULLS LAST, created_at DESC NULLS LAST, product_id LIMIT $6'))
      USING posted, search_matches.include_out_of_stock, search_matches.cap, read - 1, step + 1,
        search_matches.cap - found;
    GET DIAGNOSTICS added = ROW_COUNT;
    read := read + step;
    found := found + added;
  END LOOP;
END $$;
