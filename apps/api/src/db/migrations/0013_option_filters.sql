ALTER TABLE "products" ADD COLUMN "option_values" jsonb[] DEFAULT '{}'::jsonb[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values_in_stock" jsonb[] DEFAULT '{}'::jsonb[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_options_idx" ON "products" USING btree ("category_id") WHERE "products"."option_values" <> '{}'::jsonb[];--> statement-breakpoint
CREATE INDEX "products_department_options_idx" ON "products" USING btree ("department_id") WHERE "products"."option_values" <> '{}'::jsonb[];--> statement-breakpoint
-- What the option filters and facets read of the variants, kept on the product row as its price and stock are
-- (0010): the option values of its variants and those of its variants in stock, each a ["Size", "M"] pair. A
-- category's counts then read its products' rows, not all their variants (a product's sizes and colours rather than
-- every combination of them, and no join). A variant written, deleted or sold touches its product's stock (0010's
-- variant_touches_product), and the admin's grid writes the options last, so these two cover every change.
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
CREATE TRIGGER products_option_values_from_variants BEFORE UPDATE OF stock, options ON products
  FOR EACH ROW WHEN (jsonb_array_length(NEW.options) > 0) EXECUTE FUNCTION product_option_values_from_variants();
--> statement-breakpoint
-- The products sold in variants get their lists (their price and stock stay as they are).
UPDATE products SET stock = stock WHERE jsonb_array_length(options) > 0;
