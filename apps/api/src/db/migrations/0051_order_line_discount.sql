-- Each order line's part of its coupon's discount, stored as the order is placed (coupons/rules.ts): a coupon limited
-- to part of the catalogue takes nothing off the other lines, and the e-receipt, issued later (at payment or
-- delivery, or again as a correction) when the coupon and the catalogue may have changed, shows each line's own part.
ALTER TABLE "order_items" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Orders placed before this kept only their total discount: it is shared over all their lines in proportion to their
-- prices, the largest remainders getting the odd piastres (ties in the receipt's order of lines, by name), as their
-- receipts have shown it, so a receipt issued again for one of them says what the first said.
UPDATE "order_items" AS "item" SET "discount" = "part"."discount"
FROM (
	SELECT "id", "floor" + CASE
		WHEN row_number() OVER (PARTITION BY "order_id" ORDER BY "rest" DESC, "name", "id")
			<= "total" - sum("floor") OVER (PARTITION BY "order_id") THEN 1 ELSE 0 END AS "discount"
	FROM (
		SELECT "id", "order_id", "name", "total", "weight" / "weights" AS "floor", "weight" % "weights" AS "rest"
		FROM (
			-- In bigint throughout (a sum of bigint is numeric): / and % are then whole-number division.
			SELECT "i"."id", "i"."order_id", "i"."name", "o"."discount" AS "total",
				"o"."discount"::bigint * "i"."price" * "i"."quantity" AS "weight",
				(sum("i"."price"::bigint * "i"."quantity") OVER (PARTITION BY "i"."order_id"))::bigint AS "weights"
			FROM "order_items" AS "i" JOIN "orders" AS "o" ON "o"."id" = "i"."order_id"
			WHERE "o"."discount" > 0
		) AS "line"
	) AS "lines"
) AS "part"
WHERE "item"."id" = "part"."id";
