-- Cash orders are confirmed before they ship (docs/guide/cash-on-delivery.md): the shop's cash rules, one row, and
-- each awaited confirmation's window, reminder, agents' attempts and claim. The status awaiting_confirmation is
-- text like every other status: no column changes for it.
CREATE TABLE "cod_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"confirmation_enabled" boolean NOT NULL,
	"confirmation_window_hours" integer NOT NULL,
	"confirmation_on_timeout" text NOT NULL,
	"max_cash_bill" integer,
	"max_open_cash_orders" integer NOT NULL,
	"refusals_before_online_only" integer NOT NULL,
	"refusal_action" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_settings_one_row" CHECK ("cod_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_confirmations" ADD CONSTRAINT "order_confirmations_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_confirmations_due_idx" ON "order_confirmations" USING btree ("ends_at") WHERE "order_confirmations"."ended_at" is null;
