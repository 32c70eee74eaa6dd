-- A word's postings (0025) hold every product with it unless some product has it outside its name and brand only
-- (a description's word): `unposted` says so. The words known so far are marked from the products there are; the
-- default that stays is the cautious one, for words a trigger has not judged.
ALTER TABLE "search_lexemes" ADD COLUMN "unposted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE search_lexemes SET unposted = true
FROM (
  SELECT DISTINCT word.lexeme FROM products AS p, unnest(p.search) AS word
  WHERE NOT coalesce(word.weights && '{A,B}', false)
) AS unposted_word
WHERE search_lexemes.lexeme = unposted_word.lexeme;
--> statement-breakpoint
ALTER TABLE "search_lexemes" ALTER COLUMN "unposted" SET DEFAULT true;
--> statement-breakpoint
-- The words of search vectors as products are written (0017's triggers), each marked unposted once a vector has it
-- outside the name and brand only. A known word is inserted over without a lock (ON CONFLICT DO NOTHING; DO UPDATE
-- would lock every known word of the products written, and two writers locking shared words in different orders can
-- deadlock); only a word marked for the first time is updated, in a statement of its own, which sees a word another
-- writer has just inserted once that writer commits.
CREATE FUNCTION remember_lexemes(vectors tsvector[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme, unposted)
  SELECT word.lexeme, bool_or(NOT coalesce(word.weights && '{A,B}', false))
  FROM unnest(vectors) AS vector, unnest(vector) AS word
  GROUP BY word.lexeme
  ON CONFLICT DO NOTHING;
  UPDATE search_lexemes SET unposted = true
  WHERE NOT unposted AND lexeme IN (
    SELECT word.lexeme FROM unnest(vectors) AS vector, unnest(vector) AS word
    WHERE NOT coalesce(word.weights && '{A,B}', false)
  );
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_inserted_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM remember_lexemes(ARRAY(SELECT search FROM inserted_products));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_edited_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM remember_lexemes(ARRAY[NEW.search]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 0025's trigger on an edit, now also reposting a product whose id changes (its postings carry the id).
DROP TRIGGER products_postings_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.id, OLD.search, OLD.created_at, OLD.in_stock, OLD.brand, OLD.price, OLD.rating, OLD.num_reviews,
      OLD.cod, OLD.option_values <> '{}')
    IS DISTINCT FROM (NEW.id, NEW.search, NEW.created_at, NEW.in_stock, NEW.brand, NEW.price, NEW.rating,
      NEW.num_reviews, NEW.cod, NEW.option_values <> '{}'))
  EXECUTE FUNCTION repost_edited_product();
--> statement-breakpoint
-- search_matches of 0025, with two changes. Words asked of all the text (posted_words' incomplete) are read from
-- the postings alone also when no product has them outside its name and brand only (`unposted`): the postings hold
-- all their matches then too. And several words' postings are read so that each product counts once: 0025 kept a
-- product once among the words' first `cap` postings (DISTINCT ON), and a name with two of the words took two of
-- those places, so fewer than `cap` products could come of them and a filtered search miss its product. Their first
-- `cap` postings in rank order are grouped by product (a product's first posting is its best) straight into the
-- result; the products missing are read from the postings that follow, as many as they took each so far, each
-- product at its best posting there if it has no better one of the words (an index probe each; the product of the
-- last posting read before is left out, as its postings of equal rank come in no set order), and the first of them
-- in rank order kept, as many as are missing: only those few are sorted (a mistyped word with two similar words at
-- 100,000 products: 10 ms, where counting a longer merge, reading it again, grouping and sorting it all took 20).
-- Words asked of all the text are read from the postings when these hold `cap` of their products.
CREATE OR REPLACE FUNCTION search_matches(match tsquery, rank tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  posted record := posted_words(match);
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
  IF posted.words IS NOT NULL AND NOT posted.complete THEN
    posted.complete := NOT EXISTS (SELECT FROM search_lexemes WHERE lexeme = ANY (posted.words) AND unposted);
  END IF;
  -- Words asked of all the text: the postings hold the best ranked if they hold `cap` products, as one word alone
  -- mostly shows; else all their words' products are counted.
  IF posted.words IS NOT NULL AND NOT posted.complete AND (
    SELECT max(best.postings) FROM unnest(posted.words) AS word(lexeme), LATERAL (
      SELECT count(*) AS postings FROM (
        SELECT FROM search_postings s
        WHERE s.lexeme = word.lexeme AND (search_matches.include_out_of_stock OR s.in_stock)
        LIMIT search_matches.cap
      ) AS first_postings
    ) AS best
  ) < search_matches.cap THEN
    IF cardinality(posted.words) = 1 OR (
      SELECT count(*) FROM (
        SELECT DISTINCT first_postings.product_id FROM unnest(posted.words) AS word(lexeme), LATERAL (
          SELECT s.product_id FROM search_postings s
          WHERE s.lexeme = word.lexeme AND (search_matches.include_out_of_stock OR s.in_stock)
          ORDER BY s.relevance DESC NULLS LAST, s.created_at DESC NULLS LAST, s.product_id
          LIMIT search_matches.cap
        ) AS first_postings
      ) AS posted_products
    ) < search_matches.cap THEN
      posted.words := NULL;
    END IF;
  END IF;
  IF posted.words IS NULL THEN
    RETURN QUERY
    SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at,
      ts_rank(p.search, search_matches.rank), p.option_values, p.option_values_in_stock
    FROM products p
    WHERE p.search @@ search_matches.match AND (search_matches.include_out_of_stock OR p.in_stock)
    LIMIT search_matches.cap;
    RETURN;
  END IF;
  -- Each read is run with EXECUTE, so that it is planned for its words: a plan made for any words reads them all.
  IF cardinality(posted.words) = 1 THEN
    RETURN QUERY EXECUTE format(returned, format(one_word, '*', 1, ranked))
      USING posted.words, search_matches.include_out_of_stock, search_matches.cap;
    RETURN;
  END IF;
  merged := format('SELECT * FROM (%s) AS posting ORDER BY %s OFFSET $4 LIMIT $5',
    (SELECT string_agg(format('(' || one_word || ')', '*', i, ranked), ' UNION ALL ')
      FROM generate_subscripts(posted.words, 1) AS i), ranked);
  RETURN QUERY EXECUTE format(returned, format(by_product, merged, ''))
    USING posted.words, search_matches.include_out_of_stock, search_matches.cap, 0, search_matches.cap;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found < search_matches.cap THEN
    EXECUTE format('SELECT count(*) FROM (%s) AS posting',
      (SELECT string_agg(format('(' || one_word || ')', '', i, ranked), ' UNION ALL ')
        FROM generate_subscripts(posted.words, 1) AS i))
      INTO total USING posted.words, search_matches.include_out_of_stock, search_matches.cap;
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
      USING posted.words, search_matches.include_out_of_stock, search_matches.cap, read - 1, step + 1,
        search_matches.cap - found;
    GET DIAGNOSTICS added = ROW_COUNT;
    read := read + step;
    found := found + added;
  END LOOP;
END $$;
