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
-- A search query whose prefixes ('sam':*) are written as the words they stand for ('samsung' | 'samsungs'), when
-- those are at most 32: for a prefix, the GIN index first collects every match of every word it covers into a
-- bitmap, where for words it walks their lists side by side and skips ahead (two words at a million products:
-- 10 ms as prefixes, 1 ms as words). It matches what the query matches, search_lexemes holding every word of every
-- search vector: in byte order, the words starting with a prefix are those from it up to it followed by the last
-- character there is (a range a B-tree reads, unlike LIKE, whose pattern is not known when the function is planned).
-- A prefix standing for more words, or for none, stays as it is. The query is read token by token from its text:
-- quoted lexemes (quotes doubled, backslashes escaped), each with its prefix mark and weights, and the operators
-- between them.
CREATE OR REPLACE FUNCTION exact_words_tsquery(query tsquery) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  token text;
  operand text[];
  prefix text;
  words text;
  written text := '';
BEGIN
  FOR token IN
    SELECT part[1] FROM regexp_matches(query::text, '''(?:[^''\\]|''''|\\.)*''(?::\*?[A-D]*)?|[^'']+', 'g') AS part
  LOOP
    operand := regexp_match(token, '^''(.*)'':\*([A-D]*)$');
    IF operand IS NULL THEN
      written := written || token;
      CONTINUE;
    END IF;
    prefix := regexp_replace(replace(operand[1], '''''', ''''), '\\(.)', '\1', 'g');
    SELECT CASE WHEN count(*) BETWEEN 1 AND 32 THEN
      '( ' || string_agg('''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || ''''
        || CASE WHEN operand[2] = '' THEN '' ELSE ':' || operand[2] END, ' | ' ORDER BY word.lexeme) || ' )' END
    INTO words
    FROM (
      SELECT search_lexemes.lexeme FROM search_lexemes
      WHERE search_lexemes.lexeme >= prefix AND search_lexemes.lexeme < prefix || chr(1114111)
      LIMIT 33
    ) AS word;
    written := written || coalesce(words, token);
  END LOOP;
  RETURN written::tsquery;
END $$;
--> statement-breakpoint
-- Typed words as the query that finds products: each word as a prefix as typed ('simple') or stemmed ('english'), as
-- search_words_tsquery makes them, with the prefixes written as the words they stand for (exact_words_tsquery). Once
-- so written the two forms are often the same ('kettl':* and 'kettle':* both stand for 'kettle'): the query is then
-- one form, not both joined by OR, which the GIN index would read twice (two words at a million products: 2.2 ms
-- against 1.2).
CREATE OR REPLACE FUNCTION exact_typed_words_tsquery(prefixes text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  simple tsquery := exact_words_tsquery(to_tsquery('simple', prefixes));
  english tsquery := exact_words_tsquery(to_tsquery('english', prefixes));
BEGIN
  RETURN CASE WHEN simple = english THEN simple ELSE simple || english END;
END $$;
