-- Custom SQL migration file, put your code below! --
-- Every instance keeps the live sessions it has checked in memory (plugins/app/auth.ts). Whatever
-- can end a session (its revocation, its user disabled or changed, a guest's link revoked, cut
-- short or gone) signals every instance on the live channel at commit, and each forgets them.
CREATE FUNCTION "signal_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jewel_events', '{"kind":"sessions"}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_change_signal" AFTER UPDATE OF "revoked_at", "user_id" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_change_signal" AFTER UPDATE OF "is_enabled", "role_code", "is_tmp", "temporary_link_id" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();
--> statement-breakpoint
CREATE TRIGGER "temporary_links_change_signal" AFTER UPDATE OF "revoked_at", "expires_at" OR DELETE ON "temporary_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_session_change"();
