-- Search reads typed and similar words as lists of words (db/sql/search-prefixes.sql), no longer by parsing the text of
-- a tsquery with regular expressions: the functions that did, and the two whose arguments or results change, go.
-- db/sql, applied after this, defines the new ones (docs/decisions/search-engine.md).
DROP FUNCTION IF EXISTS search_matches(tsquery, tsquery, boolean, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS posted_words(tsquery);
--> statement-breakpoint
DROP FUNCTION IF EXISTS exact_typed_words_tsquery(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS exact_words_tsquery(tsquery);
--> statement-breakpoint
DROP FUNCTION IF EXISTS similar_words_tsquery(text[], boolean);
