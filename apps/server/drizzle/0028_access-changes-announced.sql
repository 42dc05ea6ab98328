-- Announces, at commit, any change to what the access check reads with a session: the session,
-- its user, the user's roles and memberships. Only where the connection asked for it
-- (`receta.announce_access_changes`): the embedded PGlite, whose one process remembers
-- session lookups until the next change (docs/decisions/060). Elsewhere nothing listens.
CREATE FUNCTION announce_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('receta.announce_access_changes', true) = 'on' THEN
    PERFORM pg_notify('access_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER "user_roles_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER "workspace_members_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_access_change();
