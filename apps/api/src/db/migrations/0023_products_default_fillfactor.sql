-- products goes back to PostgreSQL's default fillfactor: 0018 as first released left a tenth of each page free (a
-- database migrated by a later release has the default already). A stock update changes no indexed column since
-- 0018, so it is a HOT update whenever its page has room; the free tenth made a product's first sale one too, but
-- the order benchmark did not move (389 against 392 orders a second) and the larger table slowed the filtered
-- search. Pages already written keep their room until the table is rewritten.
ALTER TABLE "products" RESET (fillfactor);
