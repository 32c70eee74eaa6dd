-- Back in stock: a product, or a variant, whose stock goes from none to some while a shopper waits for it is
-- announced at commit on channel 'back_in_stock', whoever wrote the stock (a cancelled order giving units back, the
-- product form, the variants' grid, the CSV import). The announcement only wakes the alerts' pass
-- (modules/back-in-stock/alerts.ts) on every instance: what it sends is read from the tables (the open requests of
-- what is in stock), so a lost notification (a listener reconnecting, an instance down) delays an alert until the
-- next poll and loses none, and stock that comes back twice in a minute still makes one alert per request. `options`
-- too: a product given its first variants has its stock set to theirs by products_totals_from_variants
-- (variant-totals.sql) in an update of its options alone.
CREATE OR REPLACE FUNCTION announce_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product uuid;
  variant uuid;
BEGIN
  -- A product's own stock is waited for by its requests without a variant; a variant's by those naming it.
  IF TG_TABLE_NAME = 'products' THEN
    product := NEW.id;
  ELSE
    product := NEW.product_id;
    variant := NEW.id;
  END IF;
  IF EXISTS (SELECT 1 FROM back_in_stock_requests
             WHERE product_id = product AND variant_id IS NOT DISTINCT FROM variant AND notified_at IS NULL) THEN
    PERFORM pg_notify('back_in_stock', product::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_back_in_stock ON products;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock AFTER UPDATE OF stock, options ON products
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION announce_back_in_stock();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_back_in_stock ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_back_in_stock AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION announce_back_in_stock();
