ALTER TABLE "sessions" ADD COLUMN "acting_role" text DEFAULT 'recorder' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{recorder}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles_known" CHECK ("users"."roles" <@ array['recorder', 'valuers']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles_held" CHECK (cardinality("users"."roles") > 0 or "users"."manager");--> statement-breakpoint
-- ADR 0104: each person holds the counter role they had; each open session acts as it.
UPDATE "users" SET "roles" = ARRAY["role_code"]::text[];--> statement-breakpoint
UPDATE "sessions" SET "acting_role" = "users"."role_code" FROM "users" WHERE "users"."id" = "sessions"."user_id";--> statement-breakpoint
-- A change of the roles held or managed, or of the acting role, signals every instance to forget
-- its cached sessions (migration 0007), as an ended session does.
DROP TRIGGER "users_change_signal" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_change_signal" AFTER UPDATE OF "is_enabled", "roles", "manager", "is_tmp", "temporary_link_id" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();--> statement-breakpoint
DROP TRIGGER "sessions_change_signal" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_change_signal" AFTER UPDATE OF "revoked_at", "user_id", "acting_role" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();
