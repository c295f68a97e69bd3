-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION bump_reference_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_generations SET value = value + 1 WHERE stripe = (32 + txid_current() % 4)::smallint;
  RETURN NULL;
END $$;
