-- 0056 gave every older entry its account's phone; only an account made by phone (no e-mail) is named by it
-- (db/sql/audit-log.sql): an entry the shop wrote about an account with an e-mail (a confirmation's timeout) named
-- no one, and must not name its phone now. An entry of a deleted account keeps its phone.
UPDATE "audit_logs" SET "user_phone" = NULL FROM "users"
  WHERE "users"."id" = "audit_logs"."user_id" AND "users"."email" IS NOT NULL;
