-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_leave(
  p_game uuid, p_user uuid, p_now timestamptz, p_share_cut timestamptz,
  p_seen jsonb, p_offer_until timestamptz, p_texts jsonb, p_minute integer, p_window_seconds integer DEFAULT 0)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g games%ROWTYPE;
  r game_participants%ROWTYPE;
  v_size integer;
  v_held boolean;
  v_moved uuid[];
  v_places integer;
BEGIN
  SELECT * INTO g FROM games WHERE id = p_game FOR UPDATE;
  IF NOT FOUND THEN RETURN '{"outcome": "not_found"}'; END IF;
  IF g.title IS DISTINCT FROM p_seen->>'title' OR g.start_time <> (p_seen->>'startTime')::timestamptz OR g.waitlist_mode <> p_seen->>'waitlistMode' THEN RETURN '{"outcome": "stale"}'; END IF;
  IF g.organizer_id = p_user THEN RETURN '{"outcome": "organizer"}'; END IF;
  SELECT * INTO r FROM game_participants WHERE game_id = p_game AND user_id = p_user;
  IF NOT FOUND THEN
    IF NOT game_visible_to(p_game, p_user, p_share_cut) THEN RETURN '{"outcome": "not_found"}'; END IF;
    RETURN '{"outcome": "not_participant"}';
  END IF;
  -- leaveRefused (games.rules.ts): a waitlisted player holds no place; an undecided quorum game may be
  -- left; so may a game materially changed less than 24 hours ago (a change the player did not agree to).
  IF r.status = 'ACTIVE' AND g.status <> 'CANCELLED' AND NOT (g.min_players IS NOT NULL AND g.decided_at IS NULL)
     AND NOT (g.materially_changed_at IS NOT NULL AND p_now < g.materially_changed_at + interval '24 hours')
     AND g.start_time - p_now < interval '24 hours' THEN
    RETURN '{"outcome": "leave_window_closed"}';
  END IF;
  DELETE FROM game_participants WHERE game_id = p_game AND user_id = p_user RETURNING * INTO r;
  v_size := 1 + r.guests;
  v_held := r.offer_expires_at IS NOT NULL;
  UPDATE games SET players_joined = players_joined - CASE WHEN r.status = 'ACTIVE' THEN v_size ELSE 0 END,
    waitlisted = waitlisted - CASE WHEN r.status = 'ACTIVE' THEN 0 ELSE v_size END,
    places_on_offer = places_on_offer - CASE WHEN v_held THEN v_size ELSE 0 END
  WHERE id = p_game;
  PERFORM notify_game('PLAYER_LEFT', p_game, array_remove(ARRAY[g.organizer_id], p_user), p_texts->'left'->>0, p_texts->'left'->>1, p_now, p_minute, p_texts->'left'->>2, p_window_seconds);
  IF (r.status = 'ACTIVE' OR v_held) AND game_effective_status(g.status, g.start_time, g.end_time, p_now) = 'SCHEDULED' THEN
    IF g.waitlist_mode = 'OFFER' THEN
      IF p_offer_until > p_now THEN
        SELECT array_agg(f.user_id), sum(f.size) INTO v_moved, v_places FROM game_fill_waitlist(p_game, p_offer_until) f;
        IF v_places > 0 THEN
          UPDATE games SET places_on_offer = places_on_offer + v_places WHERE id = p_game;
          PERFORM notify_game('WAITLIST_OFFERED', p_game, array_remove(v_moved, p_user), p_texts->'offered'->>0, p_texts->'offered'->>1, p_now, p_minute);
        END IF;
      END IF;
    ELSE
      SELECT array_agg(f.user_id), sum(f.size) INTO v_moved, v_places FROM game_fill_waitlist(p_game, NULL) f;
      IF v_places > 0 THEN
        UPDATE games SET players_joined = players_joined + v_places, waitlisted = waitlisted - v_places WHERE id = p_game;
        PERFORM notify_game('WAITLIST_PROMOTED', p_game, array_remove(v_moved, p_user), p_texts->'promoted'->>0, p_texts->'promoted'->>1, p_now, p_minute);
      END IF;
    END IF;
  END IF;
  RETURN '{"outcome": "ok"}';
END $$;
