-- Staff roles: what each member of a shop's staff may do. The spec's admins (role true) become owners.
CREATE TABLE "staff_roles" (
	"key" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"permissions" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_key" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
-- The built-in roles: their permissions are the code's (contracts' BUILT_IN_ROLES).
INSERT INTO "staff_roles" ("key", "name") VALUES ('owner', 'owner'), ('manager', 'manager'), ('orders', 'orders'), ('catalogue', 'catalogue'), ('support', 'support');--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"phone" text,
	"role" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_one_address" CHECK (("staff_invitations"."email" is null) <> ("staff_invitations"."phone" is null))
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_role_staff_roles_key_fk" FOREIGN KEY ("role") REFERENCES "public"."staff_roles"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_suspended_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "staff_role" = 'owner' WHERE "role";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_staff_roles_key_fk" FOREIGN KEY ("staff_role") REFERENCES "public"."staff_roles"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("staff_role");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_is_staff" CHECK ("users"."role" = ("users"."staff_role" is not null));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_name" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_role" text;
