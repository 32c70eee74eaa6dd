-- Who the seller is and the pages shoppers read before paying (issue 51): the footer's details and the delivery,
-- returns, privacy and terms pages, in both languages. Empty until the owner saves: the API answers its defaults.
CREATE TABLE "shop_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone" text NOT NULL,
	"whatsapp" text NOT NULL,
	"address" text NOT NULL,
	"address_ar" text NOT NULL,
	"commercial_register" text NOT NULL,
	"tax_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_details_one_row" CHECK ("shop_details"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "shop_pages" (
	"page" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_ar" text NOT NULL,
	"body" text NOT NULL,
	"body_ar" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
