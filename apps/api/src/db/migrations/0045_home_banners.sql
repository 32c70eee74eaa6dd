-- The home page's banners, written by the merchant (issue 51): a picture per language and width, alt texts, a link,
-- the days they run by Cairo's calendar, their order. The demo's banners are the seed's (src/seed), not this file's.
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"image_ar" text NOT NULL,
	"image_narrow" text,
	"image_narrow_ar" text,
	"alt" text NOT NULL,
	"alt_ar" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"only_during_sale" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_days_in_order" CHECK ("banners"."ends_on" is null or "banners"."starts_on" is null or "banners"."ends_on" >= "banners"."starts_on")
);
--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position");
--> statement-breakpoint
-- The home's row of products on sale reads only those with a sale price, on the product or on a variant.
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("created_at") WHERE "products"."compare_at_price" is not null;
--> statement-breakpoint
CREATE INDEX "product_variants_on_sale_idx" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."compare_at_price" is not null;
