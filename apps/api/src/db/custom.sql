-- SQL that drizzle-kit cannot express, placed before the generated schema by scripts/regen-init-migration.mjs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Every change to what the storefront shows is announced at commit on channel 'catalogue', so each API
-- instance drops its response cache, whoever made the change (any instance, a CLI, a background job).
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END $$;
