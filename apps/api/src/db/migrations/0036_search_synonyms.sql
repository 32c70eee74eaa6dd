-- Words a shopper may type for the same thing, in either language, as the merchant lists them in the dashboard
-- (docs/guide/search-engines.md). `words` are the group as written; `folded` the same words lower-cased and with Arabic
-- folded to one spelling, as searches fold what is typed: what with_synonyms (db/sql/search-synonyms.sql) looks up.
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"folded" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_folded_idx" ON "search_synonyms" USING gin ("folded");
