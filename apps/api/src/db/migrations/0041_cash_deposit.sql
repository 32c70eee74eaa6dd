-- A cash order's deposit: its delivery fees paid online before it goes on, for a phone that has refused parcels
-- (orders/cash-rules.ts); 0 and null on every order before this one.
ALTER TABLE "orders" ADD COLUMN "deposit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_state" text;
