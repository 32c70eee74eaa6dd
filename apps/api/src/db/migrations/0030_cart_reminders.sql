-- Cart reminders: the consent (the language agreed in), when the cart last changed, when it was reminded of.
ALTER TABLE "users" ADD COLUMN "cart_reminders_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cart_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cart_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_cart_reminder_idx" ON "users" USING btree ("cart_changed_at") WHERE "users"."cart_reminders_language" is not null;
