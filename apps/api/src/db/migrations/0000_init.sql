-- SQL that drizzle-kit cannot express, placed before the generated schema by scripts/regen-init-migration.mjs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Every change to what the storefront shows is announced at commit on channel 'catalogue', so each API
-- instance drops its response cache, whoever made the change (any instance, a CLI, a background job).
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Folds Arabic spellings to one form (alef forms, ta marbuta, alef maqsura, hamza seats, Arabic-Indic digits;
-- no harakat or tatweel). Must do exactly what normalizeArabic in packages/contracts/src/arabic.ts does, which
-- folds the query text: search.test.ts compares the two.
-- SQL-standard bodies (RETURN) are bound when created, so index maintenance finds normalize_arabic whatever
-- its search_path (PostgreSQL 17+ runs it with pg_catalog only).
CREATE OR REPLACE FUNCTION normalize_arabic(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(
    regexp_replace(input, U&'[\0640\064B-\065F\0670]', '', 'g'),
    U&'\0623\0625\0622\0671\0629\0649\0624\0626\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9',
    U&'\0627\0627\0627\0627\0647\064A\0648\064A01234567890123456789');
--> statement-breakpoint
-- A product's names as search matches them: both languages, folded and lower-cased. Feeds the search vector and
-- the trigram index that forgives typos, so both see the same text.
CREATE OR REPLACE FUNCTION product_search_name(name text, name_ar text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(normalize_arabic(name || coalesce(' ' || name_ar, '')));
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"street" text NOT NULL,
	"building" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"phone" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_email" text,
	"message" text NOT NULL,
	"data" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"department_id" uuid NOT NULL,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_id_department_key" UNIQUE("id","department_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"name_ar" text,
	"price" integer NOT NULL,
	"image_paths" text[] NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"items_total" integer NOT NULL,
	"shipping" integer NOT NULL,
	"cod_fee" integer NOT NULL,
	"bill" integer NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"description" text NOT NULL,
	"description_ar" text,
	"brand" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"weight" real NOT NULL,
	"cod" boolean DEFAULT true NOT NULL,
	"category_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"image_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"num_reviews" integer DEFAULT 0 NOT NULL,
	"search_name" text GENERATED ALWAYS AS (product_search_name(name, name_ar)) STORED NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', product_search_name(name, name_ar)), 'A') || setweight(to_tsvector('simple', normalize_arabic(brand)), 'B') || setweight(to_tsvector('english', normalize_arabic(description)), 'D') || setweight(to_tsvector('simple', normalize_arabic(coalesce(description_ar, ''))), 'D')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_department_fk" FOREIGN KEY ("category_id","department_id") REFERENCES "public"."categories"("id","department_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_type_idx" ON "audit_logs" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_department_name_key" ON "categories" USING btree ("department_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_key" ON "departments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "products_department_idx" ON "products" USING btree ("department_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_key" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_order_key" ON "test_payment_intents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_secret_key" ON "test_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");
--> statement-breakpoint
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
