-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_joined_at(p_game uuid, p_now timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT greatest(p_now, max(p.joined_at) + interval '1 millisecond') FROM game_participants p WHERE p.game_id = p_game
$$;
