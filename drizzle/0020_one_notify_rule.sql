-- Custom SQL migration file, put your code below! --
-- hand-written:
-- One home for the notification rules (preferences, quiet hours, game mutes, coalescing, outbox rows,
-- the signal): notify_subject, for a game or a series. notify_game and notify_series only name the
-- subject, so a series invitation repeated by one actor within the window coalesces as a game one does.
CREATE FUNCTION notify_subject(p_kind text, p_subject uuid, p_type text, p_recipients uuid[], p_title text, p_message text, p_at timestamptz,
                               p_minute integer, p_key text, p_window_seconds integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_written uuid[];
  v_key text := CASE WHEN p_window_seconds > 0 THEN p_key END;
BEGIN
  IF coalesce(cardinality(p_recipients), 0) = 0 THEN RETURN; END IF;
  -- Serialises one actor's acts on one subject, so two concurrent ones cannot both insert.
  IF v_key IS NOT NULL THEN PERFORM pg_advisory_xact_lock(hashtextextended(v_key || ':' || p_subject::text, 0)); END IF;
  WITH recipients AS (SELECT DISTINCT r.user_id FROM unnest(p_recipients) AS r(user_id)),
  decided AS (
    SELECT r.user_id,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.in_app_off, '{}'))) AS in_app,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.push_off, '{}')))
        AND NOT coalesce(CASE WHEN p.quiet_start < p.quiet_end THEN p_minute >= p.quiet_start AND p_minute < p.quiet_end
                              ELSE p_minute >= p.quiet_start OR p_minute < p.quiet_end END, false) AS push,
      (SELECT n.id FROM notifications n
        WHERE v_key IS NOT NULL AND n.user_id = r.user_id AND n.resource_id = p_subject AND n.resource_type = p_kind AND n.coalesce_key = v_key
          AND n.created_at > p_at - make_interval(secs => p_window_seconds)
        ORDER BY n.seq DESC LIMIT 1) AS earlier
    FROM recipients r
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id
    -- Mutes are per game: a series has none.
    LEFT JOIN notification_game_mutes m ON p_kind = 'GAME' AND m.user_id = r.user_id AND m.game_id = p_subject),
  coalesced AS (
    UPDATE notifications n SET type = p_type, title = p_title, message = p_message, created_at = p_at,
      in_app = n.in_app OR d.in_app, is_read = NOT (n.in_app OR d.in_app), read_at = NULL
    FROM decided d WHERE n.id = d.earlier AND (d.in_app OR d.push)
    RETURNING n.user_id),
  written AS (
    INSERT INTO notifications (user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at, coalesce_key)
    SELECT d.user_id, p_type, p_title, p_message, p_kind, p_subject, d.in_app, NOT d.in_app, p_at, v_key FROM decided d
    WHERE (d.in_app OR d.push) AND d.earlier IS NULL
    RETURNING id, user_id),
  pushed AS (
    INSERT INTO push_outbox (notification_id, user_id, device_token, platform, next_attempt_at, created_at)
    SELECT w.id, w.user_id, t.device_token, t.platform, p_at, p_at
    FROM written w JOIN decided d ON d.user_id = w.user_id AND d.push JOIN device_tokens t ON t.user_id = w.user_id
    ON CONFLICT DO NOTHING)
  -- A coalesced row has nothing new to stream or push: only fresh rows signal.
  SELECT array_agg(w.user_id) INTO v_written FROM written w WHERE NOT EXISTS (SELECT 1 FROM coalesced c WHERE c.user_id = w.user_id);
  PERFORM pg_notify('notifications', u::text) FROM unnest(v_written) AS u;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_game(p_type text, p_game uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer,
                                       p_key text DEFAULT NULL, p_window_seconds integer DEFAULT 0)
RETURNS void LANGUAGE sql AS $$
  SELECT notify_subject('GAME', p_game, p_type, p_recipients, p_title, p_message, p_at, p_minute, p_key, p_window_seconds)
$$;
--> statement-breakpoint
DROP FUNCTION notify_series(text, uuid, uuid[], text, text, timestamptz, integer);
--> statement-breakpoint
CREATE FUNCTION notify_series(p_type text, p_series uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer,
                              p_key text DEFAULT NULL, p_window_seconds integer DEFAULT 0)
RETURNS void LANGUAGE sql AS $$
  SELECT notify_subject('SERIES', p_series, p_type, p_recipients, p_title, p_message, p_at, p_minute, p_key, p_window_seconds)
$$;
--> statement-breakpoint
-- Joins and leaves name their actor: each text in p_texts may carry its coalescing key third
-- ([title, message, key], the service's `presence:<player>`), and p_window_seconds is the window, so
-- one player's join-leave loop updates the organiser's one notification. Otherwise as 0015 and 0018.
DROP FUNCTION game_join(uuid, uuid, timestamptz, timestamptz, integer, text[], integer, boolean, jsonb, jsonb, integer);
--> statement-breakpoint
CREATE FUNCTION game_join(
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
--> statement-breakpoint
DROP FUNCTION game_leave(uuid, uuid, timestamptz, timestamptz, jsonb, timestamptz, jsonb, integer);
--> statement-breakpoint
CREATE FUNCTION game_leave(
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
