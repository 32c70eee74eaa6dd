-- Catalogue news: every change to what the storefront shows is announced at commit on channel 'catalogue', so each
-- API instance drops what its response cache holds of it, whoever made the change (any instance, a CLI, a background
-- job). Done by triggers rather than by the application so that no writer can forget it
-- (docs/decisions/response-cache.md).
--
-- A change to products or reviews names what it changed, as JSON: {"products": [ids], "lists": true|false}. `lists`
-- says whether a list could show it differently: anything but the stock count changed, or a product went out of stock
-- or came back (in_stock), or was added or deleted. An order taking units of a product that keeps some in stock is
-- then news of that product alone. Any other payload (a department's or a category's table name, an import's end,
-- more products than a notification holds) means: everything may have changed.

-- A product import writes its rows in many transactions, one batch each: those set shop.catalogue_quiet for their
-- own transaction, and the import announces the change once, at its end.
CREATE OR REPLACE FUNCTION catalogue_is_quiet() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('shop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on'
$$;
--> statement-breakpoint
-- The news of a change to `ids`; past 100 of them (a bulk change), the news that anything may have changed, as a
-- notification holds 8000 bytes at most.
CREATE OR REPLACE FUNCTION announce_products(ids uuid[], lists boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('catalogue', 'products');
  ELSE
    PERFORM pg_notify('catalogue', json_build_object('products', ids, 'lists', lists)::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT catalogue_is_quiet() THEN
    PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Triggers with transition tables take one event each: the three of a table share this function, which reads
-- `changed` (new rows) and `previous` (old rows) as its event has them.
CREATE OR REPLACE FUNCTION notify_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  listed boolean;
BEGIN
  IF catalogue_is_quiet() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- updated_at moves with every write; the stock count alone is no list's business (in_stock is).
    SELECT array_agg(n.id), coalesce(bool_or(
             to_jsonb(o) - 'stock' - 'updated_at' IS DISTINCT FROM to_jsonb(n) - 'stock' - 'updated_at'), false)
      INTO ids, listed FROM changed n JOIN previous o ON o.id = n.id;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(id), true INTO ids, listed FROM changed;
  ELSE
    SELECT array_agg(id), true INTO ids, listed FROM previous;
  END IF;
  PERFORM announce_products(ids, listed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A review shows on its product's page and in its reviews; the rating it moves is the product's own change.
CREATE OR REPLACE FUNCTION notify_review_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF catalogue_is_quiet() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM previous;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM changed;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids FROM (SELECT product_id FROM changed UNION SELECT product_id FROM previous) r;
  END IF;
  PERFORM announce_products(ids, false);
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
-- The merchant's synonyms change what searches find.
DROP TRIGGER IF EXISTS search_synonyms_notify ON search_synonyms;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify AFTER INSERT OR UPDATE OR DELETE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
-- The shop's details (in every page's footer), its pages, and its delivery days (on the product page).
DROP TRIGGER IF EXISTS shop_details_notify ON shop_details;
--> statement-breakpoint
CREATE TRIGGER shop_details_notify AFTER INSERT OR UPDATE OR DELETE ON shop_details FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shop_pages_notify ON shop_pages;
--> statement-breakpoint
CREATE TRIGGER shop_pages_notify AFTER INSERT OR UPDATE OR DELETE ON shop_pages FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shipping_rates_notify ON shipping_rates;
--> statement-breakpoint
CREATE TRIGGER shipping_rates_notify AFTER INSERT OR UPDATE OR DELETE ON shipping_rates FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
-- The home page's banners.
DROP TRIGGER IF EXISTS banners_notify ON banners;
--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE ON banners FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_insert ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_update AFTER UPDATE ON products REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_delete ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_delete AFTER DELETE ON products REFERENCING OLD TABLE AS previous
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify ON reviews;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify_insert ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify_update ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_notify_delete ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS previous
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_change();
