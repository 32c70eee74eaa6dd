CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"image_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_id_product_key" UNIQUE("id","product_id"),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_fk" FOREIGN KEY ("variant_id","product_id") REFERENCES "public"."product_variants"("id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" USING btree ("variant_id") WHERE "cart_items"."variant_id" is not null;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id") WHERE "order_items"."variant_id" is not null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_key" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variant_id");--> statement-breakpoint
-- While a product has options, its row's price is its lowest variant's and its stock all its variants' units, so
-- every list, search, filter and sort keeps reading the product row alone. Kept here rather than by the
-- application, so that every writer moves them: the admin's grid, checkout taking a variant's units, a cancelled
-- order giving them back. Any write of a product's price or stock is overruled by its variants' (a product without
-- options keeps what it is given); its sale price goes when it no longer stands above the lowest price.
CREATE OR REPLACE FUNCTION product_totals_from_variants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lowest integer;
  units integer;
BEGIN
  SELECT min(price), sum(stock) INTO lowest, units FROM product_variants WHERE product_id = NEW.id;
  IF lowest IS NOT NULL THEN
    NEW.price := lowest;
    NEW.stock := units;
    IF NEW.compare_at_price <= lowest THEN
      NEW.compare_at_price := NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Named to run before products_touch (triggers of one event run in name order), which then sees the totals.
CREATE TRIGGER products_totals_from_variants BEFORE UPDATE OF price, stock, compare_at_price, options ON products
  FOR EACH ROW WHEN (jsonb_array_length(NEW.options) > 0) EXECUTE FUNCTION product_totals_from_variants();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variant_touches_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock = stock WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_totals AFTER INSERT OR DELETE OR UPDATE OF price, stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_touches_product();
--> statement-breakpoint
-- As in 0000, plus variants: a line of a variant takes its units from the variant, under the lock of its product
-- first (every writer of a product's stock locks the product row first, so none can deadlock), and only if the
-- variant still has the price and pictures the line recorded. A line without a variant of a product that has
-- options (a cart filled before the options were added) is a changed product: the checkout starts over.
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
