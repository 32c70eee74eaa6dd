-- SQL that needs the generated tables; appended after the schema by scripts/regen-init-migration.mjs.
CREATE TRIGGER departments_notify AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
