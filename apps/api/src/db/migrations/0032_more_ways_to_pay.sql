ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount" integer;--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"name" text PRIMARY KEY NOT NULL,
	"min_bill" integer DEFAULT 0 NOT NULL,
	"months" integer[] DEFAULT '{6,12}' NOT NULL,
	"interest_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("provider","created_at") WHERE "payments"."state" in ('started', 'pending');
