-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_fill_waitlist(p_game uuid, p_offer_until timestamptz)
RETURNS TABLE (user_id uuid, size integer) LANGUAGE sql AS $$
  WITH RECURSIVE
    waiting AS (
      SELECT w.user_id, 1 + w.guests AS size, row_number() OVER (ORDER BY w.seq) AS rn FROM game_participants w
      WHERE w.game_id = p_game AND w.status = 'WAITLISTED' AND w.offer_expires_at IS NULL),
    pick (rn, user_id, take, remaining) AS (
      SELECT 0::bigint, NULL::uuid, false, (SELECT g.slots - g.players_joined - g.places_on_offer FROM games g WHERE g.id = p_game)
      UNION ALL
      SELECT w.rn, w.user_id, w.size <= p.remaining, CASE WHEN w.size <= p.remaining THEN p.remaining - w.size ELSE p.remaining END
      FROM pick p JOIN waiting w ON w.rn = p.rn + 1 WHERE p.remaining > 0)
  UPDATE game_participants gp
  SET status = CASE WHEN p_offer_until IS NULL THEN 'ACTIVE' ELSE gp.status END, offer_expires_at = p_offer_until
  FROM pick
  WHERE pick.take AND gp.game_id = p_game AND gp.user_id = pick.user_id
  RETURNING gp.user_id, 1 + gp.guests
$$;
