-- Stock taken at checkout: an order line takes its units from the shelf when its order commits, not when it is
-- written (docs/decisions/stock-trigger.md). A popular product's row is then locked for the last moments of the
-- commit only, and its buyers queue inside the database rather than each waiting for its API process to read the
-- update's result and send COMMIT (milliseconds on a busy process). Lines are written in product id order, so every
-- checkout locks its products in that one order. The units come only if the product is still what the line recorded
-- (name, price, pictures) and still has them, read under the row's lock; else the commit fails with SK002 (the
-- product changed) or SK001 (not enough stock), which orders/service.ts answers or starts over from.

-- A line of a variant takes its units from the variant, under the lock of its product first (every writer of a
-- product's stock locks the product row first, so none can deadlock), and only if the variant still has the price
-- and pictures the line recorded. A line without a variant of a product that has options (a cart filled before the
-- options were added) is a changed product: the checkout starts over.
CREATE OR REPLACE FUNCTION take_ordered_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product products%ROWTYPE;
  variant product_variants%ROWTYPE;
BEGIN
  SELECT * INTO product FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
  IF NOT FOUND OR product.name <> NEW.name OR product.name_ar IS DISTINCT FROM NEW.name_ar THEN
    RAISE EXCEPTION 'product % changed while it was being ordered', NEW.product_id USING ERRCODE = 'SK002';
  END IF;
  IF NEW.variant_id IS NULL THEN
    IF product.price <> NEW.price OR product.image_paths <> NEW.image_paths
        OR jsonb_array_length(product.options) > 0 THEN
      RAISE EXCEPTION 'product % changed while it was being ordered', NEW.product_id USING ERRCODE = 'SK002';
    END IF;
    IF product.stock < NEW.quantity THEN
      RAISE EXCEPTION 'not enough stock of product %', NEW.product_id USING ERRCODE = 'SK001';
    END IF;
    UPDATE products SET stock = stock - NEW.quantity WHERE id = NEW.product_id;
  ELSE
    SELECT * INTO variant FROM product_variants WHERE id = NEW.variant_id AND product_id = NEW.product_id FOR NO KEY UPDATE;
    IF NOT FOUND OR variant.price <> NEW.price
        OR (CASE WHEN cardinality(variant.image_paths) > 0 THEN variant.image_paths ELSE product.image_paths END)
          <> NEW.image_paths THEN
      RAISE EXCEPTION 'variant % changed while it was being ordered', NEW.variant_id USING ERRCODE = 'SK002';
    END IF;
    IF variant.stock < NEW.quantity THEN
      RAISE EXCEPTION 'not enough stock of variant %', NEW.variant_id USING ERRCODE = 'SK001';
    END IF;
    UPDATE product_variants SET stock = stock - NEW.quantity WHERE id = NEW.variant_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS order_items_take_stock ON order_items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_take_stock AFTER INSERT ON order_items DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.product_id IS NOT NULL) EXECUTE FUNCTION take_ordered_stock();
