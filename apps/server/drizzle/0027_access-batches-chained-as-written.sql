-- Appends a batch of sealed events (a JSON array, in the shape `appendEvents` sends) already
-- chained: the head is locked, each event's number and link worked out in order, and the rows
-- inserted with them. A statement of its own, outside any transaction: the head stays locked
-- for the statement alone. Where events were inserted, then chained at commit, each row was
-- written twice, with every index (docs/decisions/059).
CREATE FUNCTION audit_append_chained(events jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head record;
  content bytea;
  next_seq bigint;
  last_hash bytea;
  seqs bigint[] := '{}';
  previous_hashes bytea[] := '{}';
  hashes bytea[] := '{}';
BEGIN
  SELECT "seq", "hash" INTO head FROM "audit_log_head" WHERE "id" = 1 FOR UPDATE;
  next_seq := head."seq";
  last_hash := head."hash";
  FOR content IN SELECT decode(e->>'contentHash', 'base64')
      FROM jsonb_array_elements(events) WITH ORDINALITY AS written(e, position) ORDER BY position LOOP
    IF content IS NULL THEN
      RAISE EXCEPTION 'an audit event has no content hash';
    END IF;
    next_seq := next_seq + 1;
    seqs := seqs || next_seq;
    previous_hashes := previous_hashes || last_hash;
    last_hash := sha256(last_hash || int8send(next_seq) || content);
    hashes := hashes || last_hash;
  END LOOP;
  INSERT INTO "audit_events" ("id", "at", "actor_user_id", "oauth_client_id", "action", "subject_type", "subject_id",
      "key_id", "sealed", "content_hash", "seq", "prev_hash", "hash")
    SELECT (e->>'id')::uuid, (e->>'at')::timestamptz, (e->>'actorUserId')::uuid, (e->>'oauthClientId')::uuid,
      e->>'action', e->>'subjectType', e->>'subjectId', e->>'keyId',
      decode(e->>'sealed', 'base64'), decode(e->>'contentHash', 'base64'),
      chained."seq", chained."prev_hash", chained."hash"
    FROM jsonb_array_elements(events) WITH ORDINALITY AS written(e, position)
    JOIN unnest(seqs, previous_hashes, hashes) WITH ORDINALITY AS chained("seq", "prev_hash", "hash", position) USING (position)
    ORDER BY position;
  UPDATE "audit_log_head" SET "seq" = next_seq, "hash" = last_hash WHERE "id" = 1;
END $$;
--> statement-breakpoint
-- The commit's chaining is for the events written unchained; a chained one has nothing to wait for.
DROP TRIGGER "audit_events_chain" ON "audit_events";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_events_chain" AFTER INSERT ON "audit_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."hash" IS NULL) EXECUTE FUNCTION audit_events_chain();
