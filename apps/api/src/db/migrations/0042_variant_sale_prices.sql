-- A variant's own price before a sale (docs/decisions/variants.md), which its product's row sums up as it does
-- the price.
ALTER TABLE "product_variants" ADD COLUMN "compare_at_price" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_compare_at_above_price" CHECK ("product_variants"."compare_at_price" is null or "product_variants"."compare_at_price" > "product_variants"."price");--> statement-breakpoint
-- Until now a product sold in variants had one sale price, that of its lowest price: its variants at that price keep it.
UPDATE "product_variants" SET "compare_at_price" = "products"."compare_at_price"
  FROM "products"
  WHERE "products"."id" = "product_variants"."product_id"
    AND jsonb_array_length("products"."options") > 0
    AND "product_variants"."price" = "products"."price"
    AND "products"."compare_at_price" > "product_variants"."price";
