ALTER TABLE "addresses" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_before_accepting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "open_before_accepting" boolean DEFAULT false NOT NULL;