-- A sale's last day belongs to its sale: a write that takes the product off sale (the form, the variants' grid, an
-- import) forgets the day too, so that a later sale does not end on a day set for an earlier one. Off sale: no price
-- before the sale on the product, nor on any of its variants (the product's is its lowest variant's alone). Named to
-- run after products_totals_from_variants (triggers of one event run in name order, and a BEFORE trigger's WHEN sees
-- the row as the triggers before it left it), which sets the sale price of a product with options from its variants.
CREATE OR REPLACE FUNCTION forget_sale_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM product_variants WHERE product_id = NEW.id AND compare_at_price IS NOT NULL) THEN
    NEW.sale_ends_on := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_unset_sale_end ON products;
--> statement-breakpoint
CREATE TRIGGER products_unset_sale_end BEFORE UPDATE ON products
  FOR EACH ROW WHEN (NEW.sale_ends_on IS NOT NULL AND NEW.compare_at_price IS NULL) EXECUTE FUNCTION forget_sale_end();
