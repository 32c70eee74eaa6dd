-- "Notify me when it's back": a shopper's request to hear once that an out-of-stock product, or one variant of it,
-- is in stock again (modules/back-in-stock). One per shopper, product and variant; `notified_at` is set in the
-- transaction that queues the message, so a request is told once, and asking again after that opens it anew.
CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"language" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_key" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_fk" FOREIGN KEY ("variant_id","product_id") REFERENCES "public"."product_variants"("id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The alerts' pass reads the open requests of the products that came back.
CREATE INDEX "back_in_stock_requests_open_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_variant_idx" ON "back_in_stock_requests" USING btree ("variant_id") WHERE "back_in_stock_requests"."variant_id" is not null;--> statement-breakpoint
-- When the shopper last replied STOP on WhatsApp: marketing by WhatsApp stops (cart reminders, and back-in-stock
-- alerts asked before it).
ALTER TABLE "users" ADD COLUMN "whatsapp_stopped_at" timestamp with time zone;
