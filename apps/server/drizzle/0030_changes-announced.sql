-- Announces, at commit, a change to what this process remembers on the embedded PGlite: the
-- access check's sessions, users, roles and memberships on `access_changed` (docs/decisions/060),
-- the patients as read and the insurers they show on `patients_changed` (docs/decisions/061).
-- The channel is the trigger's argument; one function announces them all, and only where the
-- connection asked for it (`receta.announce_changes`). PostgreSQL's connections never do.
CREATE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('receta.announce_changes', true) = 'on' THEN
    PERFORM pg_notify(TG_ARGV[0], '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "sessions_access_changed" ON "sessions";
--> statement-breakpoint
DROP TRIGGER "users_access_changed" ON "users";
--> statement-breakpoint
DROP TRIGGER "user_roles_access_changed" ON "user_roles";
--> statement-breakpoint
DROP TRIGGER "workspace_members_access_changed" ON "workspace_members";
--> statement-breakpoint
DROP FUNCTION announce_access_change();
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('access_changed');
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('access_changed');
--> statement-breakpoint
CREATE TRIGGER "user_roles_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('access_changed');
--> statement-breakpoint
CREATE TRIGGER "workspace_members_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('access_changed');
--> statement-breakpoint
CREATE TRIGGER "patients_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "patients"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('patients_changed');
--> statement-breakpoint
CREATE TRIGGER "workspace_patient_counts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workspace_patient_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('patients_changed');
--> statement-breakpoint
CREATE TRIGGER "insurers_patients_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "insurers"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('patients_changed');
