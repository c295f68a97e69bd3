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
