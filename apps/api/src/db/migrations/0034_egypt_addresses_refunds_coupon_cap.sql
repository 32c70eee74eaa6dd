ALTER TABLE "addresses" ADD COLUMN "apartment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "floor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_discount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_key" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
-- Refunds made before this migration: their amount and the way it went back are in their audit entries.
UPDATE "orders" SET "refunded" = round(("a"."data"->>'amount')::numeric * 100)::integer, "refunded_at" = "a"."created_at",
  "refunded_by" = CASE WHEN "orders"."payment_method" = 'cash' THEN regexp_replace("a"."data"->>'refund', '^paid back by ', '') ELSE 'card' END
FROM "audit_logs" AS "a"
WHERE "a"."action" = 'order_refunded' AND "a"."data"->>'orderId' = "orders"."id"::text AND "a"."data" ? 'amount';
