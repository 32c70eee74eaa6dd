-- How long delivery takes to each governorate, shown on the product page; null keeps a saved rate on its
-- governorate's default. And the warranty a product comes with, per language.
ALTER TABLE "shipping_rates" ADD COLUMN "min_days" integer;
--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD COLUMN "max_days" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_ar" text;
