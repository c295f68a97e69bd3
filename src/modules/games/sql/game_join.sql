-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION game_join(
  p_game uuid, p_user uuid, p_now timestamptz, p_share_cut timestamptz,
  p_guests integer, p_guest_names text[], p_named integer, p_refuse_if_full boolean,
  p_seen jsonb, p_texts jsonb, p_minute integer, p_window_seconds integer DEFAULT 0)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g games%ROWTYPE;
  r game_participants%ROWTYPE;
  v_status text;
  v_size integer := 1 + p_guests;
  v_fits boolean;
  v_text jsonb;
BEGIN
  SELECT * INTO g FROM games WHERE id = p_game FOR UPDATE;
  IF NOT FOUND OR NOT game_visible_to(p_game, p_user, p_share_cut) THEN RETURN '{"outcome": "not_found"}'; END IF;
  IF g.title IS DISTINCT FROM p_seen->>'title' OR g.join_policy <> p_seen->>'joinPolicy' OR g.off_level_policy <> p_seen->>'offLevelPolicy'
     OR g.max_recent_no_shows IS DISTINCT FROM (p_seen->>'maxRecentNoShows')::integer OR g.activity_id <> (p_seen->>'activityId')::uuid
     OR g.skill_level_from_id <> (p_seen->>'skillLevelFromId')::uuid OR g.skill_level_to_id <> (p_seen->>'skillLevelToId')::uuid
     OR ((g.join_policy <> 'OPEN' OR g.off_level_policy <> 'ALLOW' OR g.max_recent_no_shows IS NOT NULL) AND NOT (p_seen->>'checked')::boolean) THEN
    RETURN '{"outcome": "stale"}';
  END IF;
  v_status := game_effective_status(g.status, g.start_time, g.end_time, p_now);
  IF v_status <> 'SCHEDULED' THEN RETURN jsonb_build_object('outcome', 'not_joinable', 'status', v_status); END IF;
  IF EXISTS (SELECT 1 FROM game_participants WHERE game_id = p_game AND user_id = p_user) THEN RETURN '{"outcome": "already_joined"}'; END IF;
  IF p_guests > g.max_guests_per_player OR p_named > p_guests THEN
    RETURN jsonb_build_object('outcome', 'invalid', 'maxGuestsPerPlayer', g.max_guests_per_player);
  END IF;
  v_fits := g.players_joined + g.places_on_offer + v_size <= g.slots;
  IF NOT v_fits AND p_refuse_if_full THEN
    RETURN jsonb_build_object('outcome', 'party_does_not_fit', 'free', greatest(0, g.slots - g.players_joined - g.places_on_offer));
  END IF;
  INSERT INTO game_participants (game_id, user_id, status, joined_at, guests, guest_names)
  VALUES (p_game, p_user, CASE WHEN v_fits THEN 'ACTIVE' ELSE 'WAITLISTED' END, game_joined_at(p_game, p_now), p_guests, p_guest_names)
  RETURNING * INTO r;
  UPDATE games SET players_joined = players_joined + CASE WHEN v_fits THEN v_size ELSE 0 END,
    waitlisted = waitlisted + CASE WHEN v_fits THEN 0 ELSE v_size END
  WHERE id = p_game;
  v_text := p_texts->CASE WHEN v_fits THEN 'joined' ELSE 'waitlisted' END;
  PERFORM notify_game('PLAYER_JOINED', p_game, array_remove(ARRAY[g.organizer_id], p_user), v_text->>0, v_text->>1, p_now, p_minute, v_text->>2, p_window_seconds);
  IF v_fits AND g.players_joined + v_size = g.slots THEN
    PERFORM notify_game('GAME_FULL', p_game, array_remove(ARRAY[g.organizer_id], p_user), p_texts->'full'->>0, p_texts->'full'->>1, p_now, p_minute);
  END IF;
  RETURN jsonb_build_object('outcome', 'ok', 'row', to_jsonb(r));
END $$;
