CREATE TABLE "workspace_patient_counts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"patients" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_patient_counts" ADD CONSTRAINT "workspace_patient_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds the patients a statement inserted to their workspaces' counts, or takes away those it
-- deleted: once per statement, so that a bulk insert updates each workspace's count once. The
-- count's row lock makes concurrent changes wait for each other, on any number of server
-- processes; the workspaces in id order, so that two statements never wait for each other.
CREATE FUNCTION count_patients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspace_patient_counts" AS counted ("workspace_id", "patients")
    SELECT "workspace_id", CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END
    FROM changed GROUP BY "workspace_id" ORDER BY "workspace_id"
  ON CONFLICT ("workspace_id") DO UPDATE SET "patients" = counted."patients" + excluded."patients";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patients_counted_on_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_patients_changed();
--> statement-breakpoint
CREATE TRIGGER "patients_counted_on_delete" AFTER DELETE ON "patients"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_patients_changed();
--> statement-breakpoint
-- Patients do not move between workspaces today; should one ever move, both counts follow.
CREATE FUNCTION count_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspace_patient_counts" AS counted ("workspace_id", "patients")
    SELECT moved.workspace_id, moved.patients
    FROM (VALUES (OLD."workspace_id", -1), (NEW."workspace_id", 1)) AS moved (workspace_id, patients)
    ORDER BY moved.workspace_id
  ON CONFLICT ("workspace_id") DO UPDATE SET "patients" = counted."patients" + excluded."patients";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patients_counted_on_move" AFTER UPDATE OF "workspace_id" ON "patients"
  FOR EACH ROW WHEN (OLD."workspace_id" IS DISTINCT FROM NEW."workspace_id") EXECUTE FUNCTION count_patient_moved();
--> statement-breakpoint
CREATE FUNCTION count_patients_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "workspace_patient_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patients_counted_on_truncate" AFTER TRUNCATE ON "patients"
  FOR EACH STATEMENT EXECUTE FUNCTION count_patients_truncated();
--> statement-breakpoint
-- The patients already there. The triggers above hold a lock on the table that no insert or
-- delete passes until this migration commits, so nobody is counted twice or missed.
INSERT INTO "workspace_patient_counts" ("workspace_id", "patients")
  SELECT "workspace_id", count(*) FROM "patients" GROUP BY "workspace_id";
