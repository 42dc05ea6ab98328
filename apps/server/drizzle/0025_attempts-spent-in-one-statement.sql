-- Spends one attempt of each key, in the order given ([{key, allowance, windowMs, lockMs}]),
-- each by one upsert under the key's row lock, so that however many requests race, on however
-- many server processes, no key lets more than its allowance through. A key whose window has
-- passed starts a new one; the attempt that goes over the allowance locks the key for lockMs.
-- Stops at the first key with no attempt left and answers the milliseconds until it is free
-- (at most its lock); 0 when every key had one. One statement per reservation, however many
-- keys (docs/decisions/055).
CREATE FUNCTION attempt_limits_spend(attempts jsonb, at timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  attempt jsonb;
  allowance integer;
  spent integer;
  free_at timestamptz;
BEGIN
  FOR attempt IN SELECT value FROM jsonb_array_elements(attempts) WITH ORDINALITY ORDER BY ordinality LOOP
    allowance := (attempt->>'allowance')::integer;
    INSERT INTO "attempt_limits" AS counted ("key", "points", "expire")
      VALUES (attempt->>'key', 1, at + (attempt->>'windowMs')::integer * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN counted."expire" <= at THEN 1 ELSE counted."points" + 1 END,
      "expire" = CASE
        WHEN counted."expire" <= at THEN excluded."expire"
        WHEN counted."points" = allowance THEN at + (attempt->>'lockMs')::integer * interval '1 millisecond'
        ELSE counted."expire"
      END
    RETURNING "points", "expire" INTO spent, free_at;
    IF spent > allowance THEN
      -- At most the lock: another request, whose clock ran a little ahead, may have set it.
      RETURN least((attempt->>'lockMs')::integer, greatest(1, ceil(extract(epoch FROM free_at - at) * 1000)))::integer;
    END IF;
  END LOOP;
  RETURN 0;
END $$;
--> statement-breakpoint
-- Forgets the counts of the keys in `cleared` and gives back one attempt of each key in
-- `refunded` whose window is still open; a count never goes below zero.
CREATE FUNCTION attempt_limits_release(cleared jsonb, refunded jsonb, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The keys as an array, so that each is found by the primary key: the plan is made once,
  -- for any keys, and a join with the JSON's elements would read the whole table.
  DELETE FROM "attempt_limits" WHERE "key" = ANY (ARRAY(SELECT jsonb_array_elements_text(cleared)));
  UPDATE "attempt_limits" SET "points" = "points" - 1
    WHERE "key" = ANY (ARRAY(SELECT jsonb_array_elements_text(refunded))) AND "expire" > at AND "points" > 0;
END $$;
