CREATE TABLE "search_postings" (
	"lexeme" text COLLATE "C" NOT NULL,
	"relevance" real NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"in_stock" boolean NOT NULL,
	"brand" text NOT NULL,
	"price" integer NOT NULL,
	"rating" real NOT NULL,
	"num_reviews" integer NOT NULL,
	"cod" boolean NOT NULL,
	"has_options" boolean NOT NULL
);
--> statement-breakpoint
-- A product's postings: each word of its name or brand (weights A and B of its search vector) with the product's
-- ts_rank for that word and the columns a search sorts and counts by.
CREATE FUNCTION postings_of(p products) RETURNS SETOF search_postings LANGUAGE sql STABLE PARALLEL SAFE
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
CREATE FUNCTION post_inserted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings SELECT posting.* FROM inserted_products AS p, postings_of(p) AS posting;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION repost_edited_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id = OLD.id;
  INSERT INTO search_postings SELECT * FROM postings_of(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION unpost_deleted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id IN (SELECT id FROM deleted_products);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_postings_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION post_inserted_products();
--> statement-breakpoint
CREATE TRIGGER products_postings_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.search, OLD.created_at, OLD.in_stock, OLD.brand, OLD.price, OLD.rating, OLD.num_reviews, OLD.cod,
      OLD.option_values <> '{}')
    IS DISTINCT FROM (NEW.search, NEW.created_at, NEW.in_stock, NEW.brand, NEW.price, NEW.rating, NEW.num_reviews,
      NEW.cod, NEW.option_values <> '{}'))
  EXECUTE FUNCTION repost_edited_product();
--> statement-breakpoint
CREATE TRIGGER products_postings_delete AFTER DELETE ON products REFERENCING OLD TABLE AS deleted_products FOR EACH STATEMENT EXECUTE FUNCTION unpost_deleted_products();
--> statement-breakpoint
-- The postings of the products there are, before the indexes: building an index over millions of rows at once is
-- many times faster than growing it a row at a time.
INSERT INTO search_postings SELECT posting.* FROM products AS p, postings_of(p) AS posting;
--> statement-breakpoint
CREATE INDEX "search_postings_ranked_idx" ON "search_postings" USING btree ("lexeme","relevance" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id","in_stock","brand","price","rating","num_reviews","cod","has_options");--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" USING btree ("product_id");--> statement-breakpoint
ANALYZE search_postings;
--> statement-breakpoint
-- The words of a text query that is one word or alternatives of it ('kettle' | 'kettles'), as the postings hold
-- them, and whether the postings hold all its matches: they do when each word is asked of names and brands alone
-- (weights AB, as similar_words_tsquery asks), and hold the best ranked when the words are asked of all the text (a
-- description's words weigh less than a name's). A prefix that stands for no word matches nothing and is left out.
-- Null for any other query: words that must all be there, a prefix standing for many words, a weight the postings
-- do not split by.
CREATE FUNCTION posted_words(query tsquery, OUT words text[], OUT complete boolean) LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  token text;
  operand text[];
  word text;
BEGIN
  words := '{}';
  complete := true;
  FOR token IN
    SELECT part[1] FROM regexp_matches(query::text, '''(?:[^''\\]|''''|\\.)*''(?::\*?[A-D]*)?|[^'']+', 'g') AS part
  LOOP
    operand := regexp_match(token, '^''(.*)''(?::(\*?)([A-D]*))?$');
    IF operand IS NULL THEN
      IF token !~ '^[\s|()]*$' THEN
        words := NULL;
        RETURN;
      END IF;
      CONTINUE;
    END IF;
    IF coalesce(operand[3], '') NOT IN ('', 'AB', 'ABC', 'ABD', 'ABCD') THEN
      words := NULL;
      RETURN;
    END IF;
    complete := complete AND coalesce(operand[3], '') = 'AB';
    word := regexp_replace(replace(operand[1], '''''', ''''), '\\(.)', '\1', 'g');
    IF operand[2] = '*' THEN
      -- A prefix exact_words_tsquery left as it is: too many words, or none (a mistyped word among similar ones).
      IF EXISTS (SELECT FROM search_lexemes WHERE lexeme >= word AND lexeme < word || chr(1114111)) THEN
        words := NULL;
        RETURN;
      END IF;
      CONTINUE;
    END IF;
    words := words || word;
  END LOOP;
  words := CASE WHEN cardinality(words) > 0 THEN ARRAY(SELECT DISTINCT unnest(words)) END;
END $$;
--> statement-breakpoint
-- search_matches of migration 0024, reading the postings when they can answer: a query posted_words reads, whose
-- postings hold all its matches or at least `cap` of them (then the best ranked). A word's postings are read best
-- first and stop at `cap`; several words' are merged in that order (one index scan each, PostgreSQL's Merge Append),
-- a product with two of them counted once. Only the products sold in variants are visited, for their option values.
-- A common word's first 5,000 of a million products: 15.6 ms through the text-search index, which visits each.
-- No parallel workers: the planner counts the option values' subqueries once a row, and fewer rows a worker made a
-- parallel scan of all a word's postings and a sort look cheaper than reading the first 5,000 in order (24 ms
-- against 1.5).
CREATE OR REPLACE FUNCTION search_matches(match tsquery, rank tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, in_stock boolean, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  posted record := posted_words(match);
  ranked text := 'relevance DESC NULLS LAST, created_at DESC NULLS LAST, product_id';
  one_word text := 'SELECT * FROM search_postings WHERE lexeme = $1[%s] AND ($2 OR in_stock) ORDER BY %s LIMIT $3';
  postings text;
  found integer;
BEGIN
  IF posted.words IS NOT NULL THEN
    -- Run with EXECUTE, so that each is planned for its words: a plan made for any words reads them all.
    postings := CASE WHEN cardinality(posted.words) = 1 THEN format(one_word, 1, ranked)
      ELSE format('%s ORDER BY %s LIMIT $3', (SELECT string_agg(format('(' || one_word || ')', i, ranked), ' UNION ALL ')
        FROM generate_subscripts(posted.words, 1) AS i), ranked) END;
    IF NOT posted.complete THEN
      EXECUTE format('SELECT count(*) FROM (%s) AS enough', postings) INTO found
        USING posted.words, search_matches.include_out_of_stock, search_matches.cap;
    END IF;
    IF posted.complete OR found = search_matches.cap THEN
      IF cardinality(posted.words) > 1 THEN
        postings := format('SELECT DISTINCT ON (product_id) * FROM (%s) AS merged ORDER BY product_id, relevance DESC',
          postings);
      END IF;
      RETURN QUERY EXECUTE format('SELECT m.product_id, m.brand, m.price, m.rating, m.num_reviews, m.in_stock, m.cod,
          m.created_at, m.relevance,
          CASE WHEN m.has_options THEN (SELECT p.option_values FROM products p WHERE p.id = m.product_id) ELSE ''{}'' END,
          CASE WHEN m.has_options THEN (SELECT p.option_values_in_stock FROM products p WHERE p.id = m.product_id)
            ELSE ''{}'' END
        FROM (%s) AS m', postings)
        USING posted.words, search_matches.include_out_of_stock, search_matches.cap;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.in_stock, p.cod, p.created_at,
    ts_rank(p.search, search_matches.rank), p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ search_matches.match AND (search_matches.include_out_of_stock OR p.in_stock)
  LIMIT search_matches.cap;
END $$;
