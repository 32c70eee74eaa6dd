ALTER TABLE "reviews" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_revision" integer;--> statement-breakpoint
CREATE INDEX "reviews_newest_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_whole" CHECK (("reviews"."reply" is null) = ("reviews"."replied_at" is null) and ("reviews"."reply" is null) = ("reviews"."replied_revision" is null));--> statement-breakpoint
-- Staff who kept the catalogue moderated its reviews; `reviews.manage` does now, so a custom role keeps what it could do.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'reviews.manage')
  WHERE 'catalogue.write' = ANY("permissions") AND NOT 'reviews.manage' = ANY("permissions");
