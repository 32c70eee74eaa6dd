-- Typo tolerance: search_words holds every word of product names and brands, and a mistyped word is searched as the
-- words most like it by pg_trgm word similarity (docs/decisions/search-words.md, "Mistyped words"). Words are added
-- as products are written; a word stays when its last product goes: a stale word only adds a term that matches
-- nothing to a typo-tolerant query.

-- A name's and brand's words as the search vector's 'simple' parts hold them. Inserts are taken a statement at a
-- time (a bulk load adds its words in one go); renames row by row, which limits that trigger to updates of names or
-- brand, away from the stock updates of orders.
CREATE OR REPLACE FUNCTION product_search_words(search_name text, brand text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN tsvector_to_array(to_tsvector('simple', search_name || ' ' || normalize_arabic(brand)));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_inserted_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT unnest(product_search_words(search_name, brand)) FROM inserted_products
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_renamed_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT unnest(product_search_words(NEW.search_name, NEW.brand))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_name_words_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_name_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION remember_inserted_name_words();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_name_words_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_name_words_update AFTER UPDATE OF name, name_ar, brand ON products FOR EACH ROW EXECUTE FUNCTION remember_renamed_name_words();
--> statement-breakpoint
-- A word as typed and the (at most 5) words of names and brands most like it by pg_trgm word similarity
-- (pg_trgm.word_similarity_threshold), of those only the ones nearly as like it as the best (a distance at most a
-- tenth above the best's): a mistyped 'موبيل' is 'موبايل' (0.5 alike), not also the 'مولفيكس' diapers, 'مولتو'
-- croissants and 'مولينكس' blenders that share its first letters (0.33), which ts_rank would rank as high.
CREATE OR REPLACE FUNCTION similar_words(typed text) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT ARRAY(
    SELECT typed
    UNION
    SELECT alike.word FROM (
      SELECT search_words.word, typed <<-> search_words.word AS distance,
        min(typed <<-> search_words.word) OVER () AS best
      FROM search_words WHERE typed <% search_words.word
      ORDER BY typed <<-> search_words.word LIMIT 5) AS alike
    WHERE alike.distance <= alike.best + 0.1);
END;
--> statement-breakpoint
-- Typed words as the catalogue spells them, offered when a search finds nothing (modules/search/no-results.ts): each
-- as the word of names and brands most like it by pg_trgm word similarity, if one is at least 0.2 alike (looser than
-- a search's 0.3: a spelling to offer, not matches to show) and, as whole words, at least 0.35 alike, else as typed.
-- Word similarity alone lets a short nonsense word pass on a shared ending: 'xyzing' is 0.29 like 'cleansing' that
-- way but 0.13 as whole words, while typos stay above (lapdop/laptop 0.40, ketle/kettle 0.63). The looser threshold
-- is the function's own setting, so the answer is one statement, with no transaction of its own to set it in, and a
-- search's stays.
-- PL/pgSQL keeps its plan for the connection (a SQL function's body is planned again in every statement); parallel
-- restricted, as a parallel worker may not change a setting.
CREATE OR REPLACE FUNCTION catalogue_spelling(typed text[]) RETURNS text[] LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
SET pg_trgm.word_similarity_threshold = 0.2 AS $$
BEGIN
  RETURN ARRAY(
    SELECT coalesce((SELECT search_words.word FROM search_words WHERE typed_word.word <% search_words.word
        AND similarity(typed_word.word, search_words.word) >= 0.35
        ORDER BY typed_word.word <<-> search_words.word LIMIT 1), typed_word.word)
    FROM unnest(typed) WITH ORDINALITY AS typed_word(word, position)
    ORDER BY typed_word.position);
END $$;
