-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION bump_page_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One stripe per transaction: concurrent writers rarely share a row lock.
  UPDATE page_generations SET value = value + 1 WHERE stripe = (txid_current() % 32)::smallint;
  RETURN NULL;
END $$;
