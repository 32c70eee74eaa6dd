-- Low stock: a product whose stock falls from above LOW_STOCK_THRESHOLD (5, contracts' constants.ts; the staff
-- alerts' test keeps the two equal) to it or below is written down at once, whoever wrote the stock (an order taking
-- its units at commit, the product form, the variants' grid, the CSV import). The staff's low-stock pass
-- (modules/staff/low-stock.ts) takes the list and tells the members who asked. Only a crossing fires it, so an order
-- of a product well stocked, or of one already low, writes nothing. `options` too: a product given its first variants
-- has its stock set to theirs by products_totals_from_variants (variant-totals.sql) in an update of its options alone.
-- A product sold in sizes is written down too when one of its sizes falls so (a size sold out while the rest sell on).
CREATE OR REPLACE FUNCTION note_low_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO low_stock_crossings (product_id) VALUES (NEW.id) ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_low_stock ON products;
--> statement-breakpoint
CREATE TRIGGER products_low_stock AFTER UPDATE OF stock, options ON products
  FOR EACH ROW WHEN (OLD.stock > 5 AND NEW.stock <= 5) EXECUTE FUNCTION note_low_stock();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION note_low_variant_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO low_stock_crossings (product_id) VALUES (NEW.product_id) ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_low_stock ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_low_stock AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (OLD.stock > 5 AND NEW.stock <= 5) EXECUTE FUNCTION note_low_variant_stock();
