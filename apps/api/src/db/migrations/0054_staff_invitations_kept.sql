-- An accepted staff invitation is now deleted as it is accepted (the audit log keeps who invited and who joined), so
-- `used_at` goes with the rows it marked. An expired one is kept a week more, to be sent again the way it went first:
-- `channel`, for the older ones the channel of the last message that carried an invitation to that mobile (SMS when
-- none is left).
DELETE FROM "staff_invitations" WHERE "used_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" DROP COLUMN "used_at";--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "channel" text;--> statement-breakpoint
UPDATE "staff_invitations" SET "channel" = CASE WHEN "phone" IS NULL THEN 'email' ELSE coalesce((
	SELECT "messages"."channel" FROM "messages"
	WHERE "messages"."kind" = 'staff_invitation' AND "messages"."to" = "staff_invitations"."phone"
	ORDER BY "messages"."id" DESC LIMIT 1
), 'sms') END;--> statement-breakpoint
ALTER TABLE "staff_invitations" ALTER COLUMN "channel" SET NOT NULL;
