-- Synonyms: words a shopper may type for the same thing, in either language ('fridge', 'refrigerator', 'ثلاجه'),
-- which the merchant lists in the dashboard (search_synonyms, docs/guide/search-engines.md). Both engines read the typed
-- words through with_synonyms, so there is one implementation: each word becomes its alternatives, apart by '|',
-- which the text-search parser reads as a separator, so that word_forms (search-prefixes.sql) gives every
-- alternative's forms and typed_words_tsquery asks for any of them. Both functions here are PL/pgSQL, which keeps
-- a function's plans for the connection: as SQL functions their bodies were planned again in every search
-- (half a millisecond of every search, docs/performance.md, "Issue 51").

-- Each typed word (folded as search_synonyms.folded is) with the words of every group holding it, the typed word
-- first: '{fridge,new}' → '{fridge|refrigerator|ثلاجه,new}'. A word of no group stays as it is.
CREATE OR REPLACE FUNCTION with_synonyms(typed text[]) RETURNS text[] LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(typed_word.word || coalesce('|' || (
      SELECT string_agg(DISTINCT synonym.word, '|')
      FROM search_synonyms, unnest(search_synonyms.folded) AS synonym(word)
      WHERE search_synonyms.folded @> ARRAY[typed_word.word] AND synonym.word <> typed_word.word
    ), '') ORDER BY typed_word.position), '{}')
  FROM unnest(typed) WITH ORDINALITY AS typed_word(word, position));
END $$;
--> statement-breakpoint
-- Words (each maybe alternatives apart by '|', as with_synonyms writes them) as prefixes in tsquery's syntax, every
-- word and any of its alternatives: '{fridge|ثلاجه,new}' → ('fridge':* | 'ثلاجه':*) & ('new':*). What
-- search_words_tsquery takes.
CREATE OR REPLACE FUNCTION typed_prefixes(typed text[]) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT string_agg('(' || (
      SELECT string_agg(word_tsquery(alternative, ':*')::text, ' | ')
      FROM unnest(string_to_array(typed_word.word, '|')) AS alternative
    ) || ')', ' & ' ORDER BY typed_word.position)
  FROM unnest(typed) WITH ORDINALITY AS typed_word(word, position));
END $$;
