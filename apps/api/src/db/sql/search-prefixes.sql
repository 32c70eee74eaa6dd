-- Typed prefixes searched as the words they stand for (docs/decisions/search-words.md): search_lexemes holds every
-- word of every product's search vector, kept by the triggers here, and the query rewrites read it to write a prefix
-- ('sam':*) as its words ('samsung'), which the text-search index reads many times faster. The rewrites are PL/pgSQL:
-- a SQL function is planned again for each statement that calls it, a PL/pgSQL one keeps its plans for the
-- connection (0.12 ms a rewrite as SQL, 0.02 ms as PL/pgSQL; two of them for every search).

-- The words of search vectors as products are written, each marked unposted once a vector has it outside the name
-- and brand only (search-postings.sql reads the mark). A known word is inserted over without a lock (ON CONFLICT DO
-- NOTHING; DO UPDATE would lock every known word of the products written, and two writers locking shared words in
-- different orders can deadlock); only a word marked for the first time is updated, in a statement of its own, which
-- sees a word another writer has just inserted once that writer commits.
CREATE OR REPLACE FUNCTION remember_lexemes(vectors tsvector[]) RETURNS void LANGUAGE plpgsql AS $$
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
-- Inserts a statement at a time, as the name words are (a bulk load adds its words in one go); edits row by row, only
-- those that change a word's source, away from the stock updates of orders. A word stays when its last product goes:
-- it only lengthens a prefix's list.
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
DROP TRIGGER IF EXISTS products_lexemes_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_lexemes_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION remember_inserted_lexemes();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_lexemes_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_lexemes_update AFTER UPDATE OF name, name_ar, brand, description, description_ar ON products FOR EACH ROW EXECUTE FUNCTION remember_edited_lexemes();
--> statement-breakpoint
-- Words as typed ('simple') or stemmed ('english', for descriptions), prefixes of indexed words: the query a search
-- ranks by. One query when both agree, so the planner does not count the same matches twice and mistake a selective
-- word for a common one.
CREATE OR REPLACE FUNCTION search_words_tsquery(prefixes text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN to_tsquery('simple', prefixes) = to_tsquery('english', prefixes) THEN to_tsquery('simple', prefixes)
    ELSE to_tsquery('simple', prefixes) || to_tsquery('english', prefixes) END;
--> statement-breakpoint
-- Any of `prefixes` (asked of the vector's parts `weights`, '' for all of it), each written as the words it stands for
-- when those are 1 to 32 (docs/decisions/search-words.md): for a prefix, the GIN index first collects every match of
-- every word it covers into a bitmap, where for words it walks their lists side by side and skips ahead (two words at
-- a million products: 10 ms as prefixes, 1 ms as words). search_lexemes holds every word of every search vector, and
-- in byte order the words starting with a prefix are those from it up to it followed by the last character there is
-- (a range a B-tree reads). A prefix standing for more words, or for none, stays a prefix. `words` are the words
-- written, for the postings (search-postings.sql), and null when a prefix stayed one for standing for more than 32:
-- the postings cannot list its words then. A prefix standing for none matches nothing and adds no word.
CREATE OR REPLACE FUNCTION any_prefix_tsquery(prefixes text[], weights text, OUT query tsquery, OUT words text[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  prefix text;
  found text[];
  written tsquery;
BEGIN
  words := '{}';
  FOREACH prefix IN ARRAY prefixes LOOP
    found := ARRAY(SELECT lexeme FROM search_lexemes WHERE lexeme >= prefix AND lexeme < prefix || chr(1114111)
      ORDER BY lexeme LIMIT 33);
    IF cardinality(found) BETWEEN 1 AND 32 THEN
      SELECT string_agg(word_tsquery(word, CASE WHEN weights = '' THEN '' ELSE ':' || weights END)::text, ' | ')::tsquery
        INTO written FROM unnest(found) AS word;
      words := words || found;
    ELSE
      written := word_tsquery(prefix, ':*' || weights);
      IF cardinality(found) > 32 THEN
        words := NULL;
      END IF;
    END IF;
    query := CASE WHEN query IS NULL THEN written ELSE query || written END;
  END LOOP;
  IF words IS NOT NULL THEN
    words := ARRAY(SELECT DISTINCT word FROM unnest(words) AS word ORDER BY word);
  END IF;
END $$;
--> statement-breakpoint
-- The lexemes of a typed word in a text-search configuration: the word itself for 'simple', its stem for 'english',
-- none for a stop word.
CREATE OR REPLACE FUNCTION word_forms(config regconfig, word text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN tsvector_to_array(to_tsvector(config, word));
--> statement-breakpoint
-- Every typed word in one configuration's form, each a prefix written as the words it stands for (any_prefix_tsquery).
CREATE OR REPLACE FUNCTION every_prefix_tsquery(config regconfig, typed text[]) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  forms text[];
  query tsquery;
  written tsquery;
BEGIN
  FOREACH word IN ARRAY typed LOOP
    forms := word_forms(config, word);
    CONTINUE WHEN cardinality(forms) = 0;
    written := (any_prefix_tsquery(forms, '')).query;
    query := CASE WHEN query IS NULL THEN written ELSE query && written END;
  END LOOP;
  RETURN coalesce(query, ''::tsquery);
END $$;
--> statement-breakpoint
-- Typed words as the query that finds products: each a prefix as typed ('simple') or stemmed ('english'), as
-- search_words_tsquery reads them, written as the words they stand for. Once so written the two forms are often the
-- same ('kettl':* and 'kettle':* both stand for 'kettle'): the query is then one form, not both joined by OR, which
-- the GIN index would read twice (two words at a million products: 2.2 ms against 1.2). One word's query is any of
-- its forms, and its words are given for the postings.
CREATE OR REPLACE FUNCTION typed_words_tsquery(typed text[], OUT query tsquery, OUT words text[])
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  simple tsquery;
  english tsquery;
BEGIN
  IF cardinality(typed) = 1 THEN
    SELECT found.query, found.words INTO query, words FROM any_prefix_tsquery(ARRAY(
      SELECT DISTINCT form FROM unnest(word_forms('simple', typed[1]) || word_forms('english', typed[1])) AS form
      ORDER BY form
    ), '') AS found;
    RETURN;
  END IF;
  simple := every_prefix_tsquery('simple', typed);
  english := every_prefix_tsquery('english', typed);
  query := CASE WHEN simple = english THEN simple ELSE simple || english END;
END $$;
--> statement-breakpoint
-- Words like the typed ones: each word as typed or one like it (similar_words, search-typos.sql), as prefixes of a
-- product name or brand (weights A, B). With every_word, a product needs each word or one like it ('samsnug kettel':
-- a Samsung kettle); without, any of them (a search tries the first and falls back to the second). `rank` is the
-- query a search ranks by; `match` finds the products, its prefixes written as the words they stand for
-- (any_prefix_tsquery), whose `words` are given for the postings when any word will do.
CREATE OR REPLACE FUNCTION similar_words_tsquery(typed text[], every_word boolean, OUT match tsquery, OUT rank tsquery,
  OUT words text[]) LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  alternatives text[];
  everything text[] := '{}';
  written tsquery;
  asked tsquery;
BEGIN
  FOREACH word IN ARRAY typed LOOP
    alternatives := similar_words(word);
    everything := everything || alternatives;
    SELECT string_agg(word_tsquery(alternative, ':*AB')::text, ' | ')::tsquery INTO asked
      FROM unnest(alternatives) AS alternative;
    rank := CASE WHEN rank IS NULL THEN asked WHEN every_word THEN rank && asked ELSE rank || asked END;
    IF every_word THEN
      written := (any_prefix_tsquery(alternatives, 'AB')).query;
      match := CASE WHEN match IS NULL THEN written ELSE match && written END;
    END IF;
  END LOOP;
  IF NOT every_word THEN
    SELECT found.query, found.words INTO match, words
      FROM any_prefix_tsquery(ARRAY(SELECT DISTINCT unnest(everything)), 'AB') AS found;
  END IF;
END $$;
