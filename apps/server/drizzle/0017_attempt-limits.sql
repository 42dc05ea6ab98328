CREATE TABLE "attempt_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "attempt_counters" CASCADE;--> statement-breakpoint
CREATE INDEX "attempt_limits_expire_index" ON "attempt_limits" USING btree ("expire");