CREATE TABLE "catalogue_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"products" integer NOT NULL,
	"in_stock" integer NOT NULL,
	CONSTRAINT "catalogue_counts_one_row" CHECK ("catalogue_counts"."id")
);
