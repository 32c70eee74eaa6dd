-- The audit log keeps the phone of the account an entry was written for (db/sql/audit-log.sql fills it): an account
-- made by phone has no e-mail, and the log named no one for it. Older entries get the account's phone as it is now.
ALTER TABLE "audit_logs" ADD COLUMN "user_phone" text;--> statement-breakpoint
UPDATE "audit_logs" SET "user_phone" = "users"."phone" FROM "users" WHERE "users"."id" = "audit_logs"."user_id";
