-- The whole catalogue's count, kept in catalogue_counts rather than counted with every page of the home page's and
-- the dashboard's list (docs/decisions/catalogue-counts.md). Kept as products are written: one row update per
-- statement, from its transition tables, and none when a statement leaves both counts as they were (an order taking
-- stock that does not sell a product out), so that checkouts do not queue on the row. The row is made by the first
-- statement that changes a count: a database restored from a dump gets the dump's row instead (restore loads with
-- user triggers off).

CREATE OR REPLACE FUNCTION add_to_catalogue_counts(products_added bigint, in_stock_added bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalogue_counts AS c (id, products, in_stock) VALUES (true, products_added, in_stock_added)
  ON CONFLICT (id) DO UPDATE SET products = c.products + excluded.products, in_stock = c.in_stock + excluded.in_stock
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_inserted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_catalogue_counts(count(*), count(*) FILTER (WHERE stock > 0)) FROM inserted_products;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_deleted_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_catalogue_counts(-count(*), -count(*) FILTER (WHERE stock > 0)) FROM deleted_products;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_restocked_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change bigint;
BEGIN
  SELECT (SELECT count(*) FROM updated_products WHERE stock > 0) - (SELECT count(*) FROM previous_products WHERE stock > 0)
    INTO change;
  IF change <> 0 THEN
    PERFORM add_to_catalogue_counts(0, change);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_counted_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_counted_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_products();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_counted_delete ON products;
--> statement-breakpoint
CREATE TRIGGER products_counted_delete AFTER DELETE ON products REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_products();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_counted_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_counted_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS previous_products NEW TABLE AS updated_products
  FOR EACH STATEMENT EXECUTE FUNCTION count_restocked_products();
