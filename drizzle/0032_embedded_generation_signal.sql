-- The embedded database keeps its page generation in memory: its one process learns of each bump
-- from a NOTIFY at commit. PostgreSQL sessions never set app.generation_signal, so they send nothing.
-- From src/platform/cache/sql/bump_page_generation.sql
-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION bump_page_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One stripe per transaction: concurrent writers rarely share a row lock.
  UPDATE page_generations SET value = value + 1 WHERE stripe = (txid_current() % 32)::smallint;
  -- Only the embedded database sets this (its one process keeps the generation in memory and
  -- hears the notification at commit); on PostgreSQL a NOTIFY would cost every commit a lock.
  IF current_setting('app.generation_signal', true) = 'on' THEN
    PERFORM pg_notify('page_generation', 'bump');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- From src/platform/cache/sql/bump_reference_generation.sql
-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION bump_reference_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_generations SET value = value + 1 WHERE stripe = (32 + txid_current() % 4)::smallint;
  -- As in bump_page_generation: the embedded database's signal that the generation moved.
  IF current_setting('app.generation_signal', true) = 'on' THEN
    PERFORM pg_notify('page_generation', 'bump');
  END IF;
  RETURN NULL;
END $$;
