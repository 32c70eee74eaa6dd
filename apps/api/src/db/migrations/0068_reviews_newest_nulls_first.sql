DROP INDEX "reviews_newest_idx";--> statement-breakpoint
CREATE INDEX "reviews_newest_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);