-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_visible_to(p_game uuid, p_viewer uuid, p_share_cut timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM games g WHERE g.id = p_game AND (g.visibility = 'PUBLIC' OR g.organizer_id = p_viewer
    OR EXISTS (SELECT 1 FROM game_participants p WHERE p.game_id = g.id AND p.user_id = p_viewer)
    OR EXISTS (SELECT 1 FROM game_share_access s JOIN games sg ON sg.id = s.game_id
               WHERE s.game_id = g.id AND s.user_id = p_viewer AND sg.end_time > p_share_cut)
    OR EXISTS (SELECT 1 FROM game_co_hosts c WHERE c.game_id = g.id AND c.user_id = p_viewer)))
$$;
