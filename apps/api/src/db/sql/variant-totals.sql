-- A product sold in variants, summed up on its own row (docs/decisions/variants.md): while it has options, its price
-- is its lowest variant's (with that variant's sale price), its stock all its variants' units, and its option values
-- those of its variants, so every list, search, filter and sort keeps reading the product row alone. Kept here rather
-- than by the application, so that every writer moves them: the admin's grid, checkout taking a variant's units, a
-- cancelled order giving them back. A variant written, deleted or sold touches its product's stock
-- (variant_touches_product), and the admin's grid writes the options last, so the product's two triggers see every
-- change.

-- Any write of a product's price, sale price or stock is overruled by its variants' (a product without options keeps
-- what it is given). Its sale price is that of its lowest price ("from EGP 900, was 1,000"): of the variants at that
-- price, the one on sale, the dearest before its sale if several are.
CREATE OR REPLACE FUNCTION product_totals_from_variants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lowest integer;
  lowest_was integer;
  units integer;
BEGIN
  SELECT min(price), (array_agg(compare_at_price ORDER BY price, compare_at_price DESC NULLS LAST))[1], sum(stock)
    INTO lowest, lowest_was, units FROM product_variants WHERE product_id = NEW.id;
  IF lowest IS NOT NULL THEN
    NEW.price := lowest;
    NEW.compare_at_price := lowest_was;
    NEW.stock := units;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Named to run before products_touch (triggers of one event run in name order), which then sees the totals.
DROP TRIGGER IF EXISTS products_totals_from_variants ON products;
--> statement-breakpoint
CREATE TRIGGER products_totals_from_variants BEFORE UPDATE OF price, stock, compare_at_price, options ON products
  FOR EACH ROW WHEN (jsonb_array_length(NEW.options) > 0) EXECUTE FUNCTION product_totals_from_variants();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variant_touches_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock = stock WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_totals ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_totals AFTER INSERT OR DELETE OR UPDATE OF price, compare_at_price, stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_touches_product();
--> statement-breakpoint
-- What the option filters and facets read of the variants: the option values of its variants and those of its
-- variants in stock, each a ["Size", "M"] pair. A category's counts then read its products' rows, not all their
-- variants (a product's sizes and colours rather than every combination of them, and no join).
CREATE OR REPLACE FUNCTION product_option_values_from_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Without variants (the last one deleted as the options go), both lists are empty.
  SELECT coalesce(array_agg(DISTINCT jsonb_build_array(o.key, o.value)), '{}'),
    coalesce(array_agg(DISTINCT jsonb_build_array(o.key, o.value)) FILTER (WHERE v.stock > 0), '{}')
    INTO NEW.option_values, NEW.option_values_in_stock
    FROM product_variants v CROSS JOIN LATERAL jsonb_each_text(v.options) AS o
    WHERE v.product_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_option_values_from_variants ON products;
--> statement-breakpoint
CREATE TRIGGER products_option_values_from_variants BEFORE UPDATE OF stock, options ON products
  FOR EACH ROW WHEN (jsonb_array_length(NEW.options) > 0) EXECUTE FUNCTION product_option_values_from_variants();
