-- The sender takes the next unsent mail by (attempts, next_attempt_at, id): with the old index on next_attempt_at
-- alone it read and sorted every unsent mail for each one it took (4 to 8 ms with a few thousand queued during the
-- bench's checkouts, which made the queue longer still); in this order the next mail is the index's first entry.
DROP INDEX "mail_queue_due_idx";--> statement-breakpoint
CREATE INDEX "mail_queue_claim_idx" ON "mail_queue" USING btree ("attempts","next_attempt_at","id") WHERE "mail_queue"."sent_at" is null;