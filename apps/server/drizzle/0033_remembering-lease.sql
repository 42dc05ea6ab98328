-- What lets a PostgreSQL server process remember what it read, as PGlite's does, while it is
-- the only process on the database (docs/decisions/068): the lease's one row, which the
-- process holding the remembering lock renews, and announcements from every connection.
CREATE TABLE "remembering_lease" (
	"id" integer PRIMARY KEY NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "remembering_lease" ("id", "held_until") VALUES (1, '-infinity');
--> statement-breakpoint
-- Every connection announces its changes, not only those that asked (migration 0030): a
-- process remembering on PostgreSQL hears what any other connection changed, psql's included.
CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;
