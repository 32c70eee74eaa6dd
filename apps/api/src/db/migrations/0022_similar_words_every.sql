-- Typo tolerance (0000_init.sql's similar_words_tsquery), word by word: each word as typed or one of the (at most 5)
-- name or brand words most like it by pg_trgm word similarity, as prefixes of a product name or brand (weights A, B).
-- With every_word, a product needs each word or one like it ('samsnug kettel': a Samsung kettle); without, any of
-- them. A search tries the first and falls back to the second (modules/search/service.ts): a mistyped word among
-- others no longer brings every product with any of the words, thousands of them, to be ranked.
DROP FUNCTION similar_words_tsquery(text[]);--> statement-breakpoint
CREATE FUNCTION similar_words_tsquery(words text[], every_word boolean) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT string_agg(per_word.alternatives, CASE WHEN every_word THEN ' & ' ELSE ' | ' END ORDER BY per_word.place)::tsquery
  FROM (
    SELECT typed.place,
      '( ' || string_agg('''' || replace(replace(alternative, '\', '\\'), '''', '''''') || ''':*AB', ' | ') || ' )'
        AS alternatives
    FROM unnest(words) WITH ORDINALITY AS typed(word, place)
    CROSS JOIN LATERAL (
      SELECT typed.word
      UNION
      (SELECT search_words.word FROM search_words WHERE typed.word <% search_words.word
        ORDER BY typed.word <<-> search_words.word LIMIT 5)
    ) AS alternatives(alternative)
    GROUP BY typed.place
  ) AS per_word;
END;
