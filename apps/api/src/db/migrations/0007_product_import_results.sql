ALTER TABLE "product_imports" ADD COLUMN "result" jsonb;--> statement-breakpoint
-- The catalogue triggers announce each committed change (the response caches of every instance drop
-- everything on it). A product import writes its rows in many transactions, one batch each: those set
-- shop.catalogue_quiet for their own transaction, and the import announces the change once, at its end.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalogue_quiet', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END $$;
