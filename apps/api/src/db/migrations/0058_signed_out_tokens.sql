CREATE TABLE "signed_out_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signed_out_tokens_expires_idx" ON "signed_out_tokens" USING btree ("expires_at");