DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_department_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at","id","brand","price","rating","stock","cod");--> statement-breakpoint
CREATE INDEX "products_department_idx" ON "products" USING btree ("department_id","created_at","id","brand","price","rating","stock","cod");