-- The chain's links worked out in one place for both ways of appending (docs/decisions/059):
-- under the head's row lock, which orders concurrent appends, the numbers after the head's for
-- events with these content hashes, in their order, each link the SHA-256 of the previous link,
-- the number and the content hash; the head moved past them.
CREATE FUNCTION audit_chain_links(
  content_hashes bytea[], OUT seqs bigint[], OUT previous_hashes bytea[], OUT hashes bytea[]
) LANGUAGE plpgsql AS $$
DECLARE
  head record;
  content bytea;
  next_seq bigint;
  last_hash bytea;
BEGIN
  seqs := '{}';
  previous_hashes := '{}';
  hashes := '{}';
  SELECT "seq", "hash" INTO head FROM "audit_log_head" WHERE "id" = 1 FOR UPDATE;
  next_seq := head."seq";
  last_hash := head."hash";
  FOREACH content IN ARRAY content_hashes LOOP
    IF content IS NULL THEN
      RAISE EXCEPTION 'an audit event has no content hash';
    END IF;
    next_seq := next_seq + 1;
    seqs := seqs || next_seq;
    previous_hashes := previous_hashes || last_hash;
    last_hash := sha256(last_hash || int8send(next_seq) || content);
    hashes := hashes || last_hash;
  END LOOP;
  UPDATE "audit_log_head" SET "seq" = next_seq, "hash" = last_hash WHERE "id" = 1;
END $$;
--> statement-breakpoint
-- At commit: the events this transaction wrote and no commit has chained yet, in the order they
-- were written (the only unchained rows a commit can see are its own).
CREATE OR REPLACE FUNCTION audit_chain_written() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  contents bytea[];
  links record;
BEGIN
  SELECT coalesce(array_agg("id" ORDER BY "written"), '{}'), coalesce(array_agg("content_hash" ORDER BY "written"), '{}')
    INTO ids, contents
    FROM "audit_events" WHERE "hash" IS NULL AND "content_hash" IS NOT NULL;
  SELECT * INTO links FROM audit_chain_links(contents);
  UPDATE "audit_events" SET "seq" = chained."seq", "prev_hash" = chained."prev_hash", "hash" = chained."hash"
    FROM unnest(ids, links.seqs, links.previous_hashes, links.hashes) AS chained("id", "seq", "prev_hash", "hash")
    WHERE "audit_events"."id" = chained."id";
END $$;
--> statement-breakpoint
-- A batch of sealed events (a JSON array, in the shape `appendEvents` sends) inserted with their links.
CREATE OR REPLACE FUNCTION audit_append_chained(events jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  links record;
BEGIN
  SELECT * INTO links FROM audit_chain_links(ARRAY(
    SELECT decode(e->>'contentHash', 'base64')
    FROM jsonb_array_elements(events) WITH ORDINALITY AS written(e, position) ORDER BY position));
  INSERT INTO "audit_events" ("id", "at", "actor_user_id", "oauth_client_id", "action", "subject_type", "subject_id",
      "key_id", "sealed", "content_hash", "seq", "prev_hash", "hash")
    SELECT (e->>'id')::uuid, (e->>'at')::timestamptz, (e->>'actorUserId')::uuid, (e->>'oauthClientId')::uuid,
      e->>'action', e->>'subjectType', e->>'subjectId', e->>'keyId',
      decode(e->>'sealed', 'base64'), decode(e->>'contentHash', 'base64'),
      chained."seq", chained."prev_hash", chained."hash"
    FROM jsonb_array_elements(events) WITH ORDINALITY AS written(e, position)
    JOIN unnest(links.seqs, links.previous_hashes, links.hashes) WITH ORDINALITY AS chained("seq", "prev_hash", "hash", position)
      USING (position)
    ORDER BY position;
END $$;
