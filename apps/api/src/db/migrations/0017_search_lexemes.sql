CREATE TABLE "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Every word of the products' search vectors, kept as products are written: inserts a statement at a time, as the
-- name words are (a bulk load adds its words in one go); edits row by row, only those that change a word's source,
-- away from the stock updates of orders. A word stays when its last product goes: it only lengthens a prefix's list.
CREATE FUNCTION remember_inserted_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search)) FROM inserted_products
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION remember_edited_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT unnest(tsvector_to_array(NEW.search))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_lexemes_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION remember_inserted_lexemes();
--> statement-breakpoint
CREATE TRIGGER products_lexemes_update AFTER UPDATE OF name, name_ar, brand, description, description_ar ON products FOR EACH ROW EXECUTE FUNCTION remember_edited_lexemes();
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme) SELECT DISTINCT unnest(tsvector_to_array(search)) FROM products ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A search query whose prefixes ('sam':*) are written as the words they stand for ('samsung' | 'samsungs'), when
-- those are at most 32: for a prefix, the GIN index first collects every match of every word it covers into a
-- bitmap, where for words it walks their lists side by side and skips ahead (two words at a million products:
-- 10 ms as prefixes, 1 ms as words). It matches what the query matches, search_lexemes holding every word of every
-- search vector: in byte order, the words starting with a prefix are those from it up to it followed by the last
-- character there is (a range a B-tree reads, unlike LIKE, whose pattern is not known when the function is planned). A prefix standing for more words, or for none,
-- stays as it is. The query is read token by token from its text: quoted lexemes (quotes doubled, backslashes
-- escaped), each with its prefix mark and weights, and the operators between them.
CREATE FUNCTION exact_words_tsquery(query tsquery) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT coalesce(string_agg(coalesce(words.alternatives, token.part[1]), '' ORDER BY token.place), '')::tsquery
  FROM regexp_matches(query::text, '''(?:[^''\\]|''''|\\.)*''(?::\*?[A-D]*)?|[^'']+', 'g') WITH ORDINALITY AS token(part, place)
  LEFT JOIN LATERAL (
    SELECT CASE WHEN count(*) BETWEEN 1 AND 32 THEN
      '( ' || string_agg('''' || replace(replace(word.lexeme, '\', '\\'), '''', '''''') || ''''
        || CASE WHEN operand.weights = '' THEN '' ELSE ':' || operand.weights END, ' | ' ORDER BY word.lexeme) || ' )' END
    FROM (
      SELECT regexp_replace(replace(parsed[1], '''''', ''''), '\\(.)', '\1', 'g') AS prefix, parsed[2] AS weights
      FROM regexp_match(token.part[1], '^''(.*)'':\*([A-D]*)$') AS parsed
    ) AS operand
    CROSS JOIN LATERAL (
      SELECT search_lexemes.lexeme FROM search_lexemes
      WHERE search_lexemes.lexeme >= operand.prefix AND search_lexemes.lexeme < operand.prefix || chr(1114111)
      LIMIT 33
    ) AS word
  ) AS words(alternatives) ON true;
END;
--> statement-breakpoint
-- Matches found through exact_words_tsquery (made once, before the scan), ranked by the query as typed.
CREATE OR REPLACE FUNCTION search_matches(query tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, brand text, price integer, rating real, num_reviews integer, stock integer, cod boolean,
    created_at timestamptz, relevance real, option_values jsonb[], option_values_in_stock jsonb[])
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.brand, p.price, p.rating, p.num_reviews, p.stock, p.cod, p.created_at, ts_rank(p.search, query),
    p.option_values, p.option_values_in_stock
  FROM products p
  WHERE p.search @@ (SELECT exact_words_tsquery(query)) AND (include_out_of_stock OR p.stock > 0)
  LIMIT cap;
END;
