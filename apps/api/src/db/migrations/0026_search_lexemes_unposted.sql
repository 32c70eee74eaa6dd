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
-- posted_words of 0025, whose `complete` now also holds for a word asked of all the text (weights '') that no
-- product has outside its name and brand only: then too the postings hold all its matches. A prefix standing for
-- no word, left out, no longer makes the rest incomplete.
CREATE OR REPLACE FUNCTION posted_words(query tsquery, OUT words text[], OUT complete boolean)
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
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
    word := regexp_replace(replace(operand[1], '''''', ''''), '\\(.)', '\1', 'g');
    IF operand[2] = '*' THEN
      -- A prefix exact_words_tsquery left as it is: too many words, or none (a mistyped word among similar ones).
      IF EXISTS (SELECT FROM search_lexemes WHERE lexeme >= word AND lexeme < word || chr(1114111)) THEN
        words := NULL;
        RETURN;
      END IF;
      CONTINUE;
    END IF;
    complete := complete AND (coalesce(operand[3], '') = 'AB'
      OR NOT EXISTS (SELECT FROM search_lexemes WHERE lexeme = word AND unposted));
    words := words || word;
  END LOOP;
  words := CASE WHEN cardinality(words) > 0 THEN ARRAY(SELECT DISTINCT unnest(words)) END;
END $$;
