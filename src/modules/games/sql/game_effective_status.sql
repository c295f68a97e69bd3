-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_effective_status(p_status text, p_start timestamptz, p_end timestamptz, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status IN ('CANCELLED', 'COMPLETED') THEN p_status
    WHEN p_now >= p_end THEN 'COMPLETED' WHEN p_now >= p_start THEN 'STARTED' ELSE p_status END
$$;
