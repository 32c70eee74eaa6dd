-- Custom SQL migration file, put your code below! --
-- The mail queue becomes the queue of every channel: its rows stay, as e-mails, with the status they reached.
ALTER TABLE "mail_queue" RENAME TO "messages";--> statement-breakpoint
ALTER SEQUENCE "mail_queue_id_seq" RENAME TO "messages_id_seq";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "mail_queue_pkey" TO "messages_pkey";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "mail_queue_order_id_orders_id_fk" TO "messages_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "mail_queue_claim_idx" RENAME TO "messages_claim_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
UPDATE "messages" SET "status" = 'sent', "status_at" = "sent_at" WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "status" = 'failed' WHERE "sent_at" IS NULL AND "attempts" >= 10;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_message_key" ON "messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_channel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signed_in_with" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("verified_phone");--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","created_at");
