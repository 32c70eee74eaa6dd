ALTER TABLE "users" ADD COLUMN "staff_alerts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_alerts_language" text DEFAULT 'en' NOT NULL;