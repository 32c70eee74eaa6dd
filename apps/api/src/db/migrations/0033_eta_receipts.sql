CREATE TABLE "eta_pos" (
	"serial" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"portal_url" text NOT NULL,
	"last_uuid" text DEFAULT '' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "eta_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pos_serial" text NOT NULL,
	"seq" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"uuid" text NOT NULL,
	"previous_uuid" text NOT NULL,
	"reference_uuid" text,
	"issued_at" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"document" text NOT NULL,
	"qr_content" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"errors" jsonb,
	"submission_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eta_receipts_kind" CHECK ("eta_receipts"."kind" in ('sale', 'return')),
	CONSTRAINT "eta_receipts_state" CHECK ("eta_receipts"."state" in ('queued', 'submitted', 'valid', 'invalid', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "eta_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rin" text NOT NULL,
	"company_trade_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"branch_address" jsonb NOT NULL,
	"activity_code" text NOT NULL,
	"delivery_item_code" text NOT NULL,
	"delivery_mode" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eta_settings_one_row" CHECK ("eta_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eta_item_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "eta_item_code" text;--> statement-breakpoint
ALTER TABLE "eta_receipts" ADD CONSTRAINT "eta_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eta_receipts_chain_key" ON "eta_receipts" USING btree ("pos_serial","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "eta_receipts_uuid_key" ON "eta_receipts" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "eta_receipts_order_kind_key" ON "eta_receipts" USING btree ("order_id","kind") WHERE "eta_receipts"."state" <> 'replaced';--> statement-breakpoint
CREATE INDEX "eta_receipts_state_idx" ON "eta_receipts" USING btree ("state","id");