-- Catalogue news: every change to what the storefront shows is announced at commit on channel 'catalogue', so each
-- API instance drops its response cache, whoever made the change (any instance, a CLI, a background job). Done by
-- triggers rather than by the application so that no writer can forget it (docs/decisions/response-cache.md).

-- A product import writes its rows in many transactions, one batch each: those set shop.catalogue_quiet for their
-- own transaction, and the import announces the change once, at its end.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.catalogue_quiet', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS departments_notify ON departments;
--> statement-breakpoint
CREATE TRIGGER departments_notify AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_notify ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
