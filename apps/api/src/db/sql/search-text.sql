-- Search text: how a product's names, brand and descriptions are folded before search sees them. The generated
-- columns products.search_name and products.search (schema.ts) and the query side (normalizeArabic in
-- packages/contracts/src/arabic.ts) read these, so that typed words and stored words meet in one form.
-- Changing a fold changes what is stored: the stored columns keep the old result until their row is written, so a
-- change here comes with a versioned migration that rewrites them (UPDATE products SET name = name).

-- Folds Arabic spellings to one form (alef forms, ta marbuta, alef maqsura, hamza seats, Arabic-Indic digits;
-- no harakat or tatweel). Must do exactly what normalizeArabic in packages/contracts/src/arabic.ts does, which
-- folds the query text: search.test.ts compares the two.
-- SQL-standard bodies (RETURN) are bound when created, so index maintenance finds normalize_arabic whatever
-- its search_path (PostgreSQL 17+ runs it with pg_catalog only).
CREATE OR REPLACE FUNCTION normalize_arabic(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(
    regexp_replace(input, U&'[\0640\064B-\065F\0670]', '', 'g'),
    U&'\0623\0625\0622\0671\0629\0649\0624\0626\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9',
    U&'\0627\0627\0627\0627\0647\064A\0648\064A01234567890123456789');
--> statement-breakpoint
-- A product's names as search matches them: both languages, folded and lower-cased. Feeds the search vector and
-- the trigram index that forgives typos, so both see the same text.
CREATE OR REPLACE FUNCTION product_search_name(name text, name_ar text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(normalize_arabic(name || coalesce(' ' || name_ar, '')));
--> statement-breakpoint
-- A word as a text-search query: quoted for tsquery's input (quotes doubled, backslashes escaped), with `marks` after
-- it (':*' for a prefix, ':AB' for weights, ':*AB' for both, '' for none).
CREATE OR REPLACE FUNCTION word_tsquery(word text, marks text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ('''' || replace(replace(word, '\', '\\'), '''', '''''') || '''' || marks)::tsquery;
