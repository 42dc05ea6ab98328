CREATE TABLE "audit_log_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "details" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "details" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "oauth_client_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "sealed" "bytea";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "content_hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" "bytea";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_index" ON "audit_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_events_at_index" ON "audit_events" USING btree ("at");--> statement-breakpoint
INSERT INTO "audit_log_head" ("id", "seq", "hash") VALUES (1, 0, decode(repeat('00', 32), 'hex'));--> statement-breakpoint
UPDATE "audit_events" SET "oauth_client_id" = ("details"->>'oauthClientId')::uuid WHERE "details" ? 'oauthClientId';--> statement-breakpoint
-- Appends one sealed event to the chain: the next number, the last hash, and its own hash over both
-- and its content. The head's row lock orders the appends of concurrent transactions.
CREATE FUNCTION audit_chain_event(event_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head record;
  content bytea;
  linked bytea;
BEGIN
  SELECT "content_hash" INTO content FROM "audit_events" WHERE "id" = event_id;
  IF content IS NULL THEN
    RAISE EXCEPTION 'audit event % has no content hash', event_id;
  END IF;
  UPDATE "audit_log_head" SET "seq" = "seq" + 1 WHERE "id" = 1 RETURNING "seq", "hash" INTO head;
  linked := sha256(head."hash" || int8send(head."seq") || content);
  UPDATE "audit_events" SET "seq" = head."seq", "prev_hash" = head."hash", "hash" = linked WHERE "id" = event_id;
  UPDATE "audit_log_head" SET "hash" = linked WHERE "id" = 1;
END $$;--> statement-breakpoint
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_chain_event(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
-- At commit, so that the head stays locked for the commit alone, and the chain follows commit order.
CREATE CONSTRAINT TRIGGER "audit_events_chain" AFTER INSERT ON "audit_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_events_chain();--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."hash" IS NOT NULL THEN
    RAISE EXCEPTION 'the event log is append-only';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
