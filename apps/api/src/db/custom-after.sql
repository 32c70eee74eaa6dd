-- SQL that needs the generated tables; appended after the schema by scripts/regen-init-migration.mjs.
CREATE TRIGGER departments_notify AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
-- Fills search_words from product names and brands: their words as the search vector's 'simple' parts hold them
-- (product_search_words). A word stays when its last product goes: a stale word only adds a term that matches
-- nothing to a typo-tolerant query. Inserts are taken a statement at a time (a bulk load adds its words in one go);
-- renames row by row, which limits that trigger to updates of names or brand, away from the stock updates of orders.
CREATE OR REPLACE FUNCTION product_search_words(search_name text, brand text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN tsvector_to_array(to_tsvector('simple', search_name || ' ' || normalize_arabic(brand)));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_inserted_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT unnest(product_search_words(search_name, brand)) FROM inserted_products
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_renamed_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT unnest(product_search_words(NEW.search_name, NEW.brand))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_name_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION remember_inserted_name_words();
--> statement-breakpoint
CREATE TRIGGER products_name_words_update AFTER UPDATE OF name, name_ar, brand ON products FOR EACH ROW EXECUTE FUNCTION remember_renamed_name_words();
--> statement-breakpoint
-- Words as typed ('simple') or stemmed ('english', for descriptions), prefixes of indexed words. One query when both
-- agree, so the planner does not count the same matches twice and mistake a selective word for a common one.
CREATE OR REPLACE FUNCTION search_words_tsquery(prefixes text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN to_tsquery('simple', prefixes) = to_tsquery('english', prefixes) THEN to_tsquery('simple', prefixes)
    ELSE to_tsquery('simple', prefixes) || to_tsquery('english', prefixes) END;
--> statement-breakpoint
-- Typo tolerance: each word as typed or one of the (at most 5) name or brand words most like it by pg_trgm word
-- similarity (pg_trgm.word_similarity_threshold), as prefixes of a product name or brand (weights A, B), any of them. Lexemes are quoted
-- for tsquery input (quotes doubled, backslashes escaped).
CREATE OR REPLACE FUNCTION similar_words_tsquery(words text[]) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT string_agg('''' || replace(replace(alternative, '\', '\\'), '''', '''''') || ''':*AB', ' | ')::tsquery
  FROM unnest(words) AS typed(word)
  CROSS JOIN LATERAL (
    SELECT typed.word
    UNION
    (SELECT search_words.word FROM search_words WHERE typed.word <% search_words.word ORDER BY typed.word <<-> search_words.word LIMIT 5)
  ) AS alternatives(alternative);
END;

--> statement-breakpoint
-- A search's matches with their sort keys, at most `cap` of them (in no particular order), from the GIN index. Planned
-- with sequential scans off: the planner prices a text-search match at one operator, so for a word in a few percent
-- of the products it picks a table scan that tests every row (over 100 ms at 100,000 products) over the index (3 ms).
CREATE OR REPLACE FUNCTION search_candidates(query tsquery, include_out_of_stock boolean, cap integer)
  RETURNS TABLE (id uuid, price integer, rating real, num_reviews integer, created_at timestamptz, relevance real)
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
BEGIN ATOMIC
  SELECT p.id, p.price, p.rating, p.num_reviews, p.created_at, ts_rank(p.search, query)
  FROM products p
  WHERE p.search @@ query AND (include_out_of_stock OR p.stock > 0)
  LIMIT cap;
END;
--> statement-breakpoint
-- An order line takes its units from the shelf when its order commits, not when it is written. A popular product's
-- row is then locked for the last moments of the commit only, and its buyers queue inside the database rather than
-- each waiting for its API process to read the update's result and send COMMIT (milliseconds on a busy process).
-- Lines are written in product id order, so every checkout locks its products in that one order. The units come
-- only if the product is still what the line recorded (name, price, pictures) and still has them, read under the
-- row's lock; else the commit fails with SK002 (the product changed) or SK001 (not enough stock), which
-- orders/service.ts answers or starts over from.
CREATE OR REPLACE FUNCTION take_ordered_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product products%ROWTYPE;
BEGIN
  SELECT * INTO product FROM products WHERE id = NEW.product_id FOR NO KEY UPDATE;
  IF NOT FOUND OR product.price <> NEW.price OR product.name <> NEW.name OR product.name_ar IS DISTINCT FROM NEW.name_ar
      OR product.image_paths <> NEW.image_paths THEN
    RAISE EXCEPTION 'product % changed while it was being ordered', NEW.product_id USING ERRCODE = 'SK002';
  END IF;
  IF product.stock < NEW.quantity THEN
    RAISE EXCEPTION 'not enough stock of product %', NEW.product_id USING ERRCODE = 'SK001';
  END IF;
  UPDATE products SET stock = stock - NEW.quantity WHERE id = NEW.product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_take_stock AFTER INSERT ON order_items DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.product_id IS NOT NULL) EXECUTE FUNCTION take_ordered_stock();
