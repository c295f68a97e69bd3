-- The embedded database keeps its page generation in memory: its one process learns of each bump
-- from a NOTIFY at commit. PostgreSQL instances never set the flag, so they send nothing.
CREATE OR REPLACE FUNCTION bump_page_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One stripe per transaction: concurrent writers rarely share a row lock.
  UPDATE page_generations SET value = value + 1 WHERE stripe = (txid_current() % 32)::smallint;
  IF current_setting('app.generation_signal', true) = 'on' THEN
    PERFORM pg_notify('page_generation', 'bump');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_reference_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_generations SET value = value + 1 WHERE stripe = (32 + txid_current() % 4)::smallint;
  IF current_setting('app.generation_signal', true) = 'on' THEN
    PERFORM pg_notify('page_generation', 'bump');
  END IF;
  RETURN NULL;
END $$;
