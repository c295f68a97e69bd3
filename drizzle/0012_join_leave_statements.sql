-- Custom SQL migration file, put your code below! --
-- hand-written:
-- A game notification to its recipients, decided by their preferences (NotificationsService writes
-- every notification through this): muted game → nothing; type off in the app → a push-only row
-- stored read; push off or inside the recipient's quiet hours (p_minute: minutes after midnight in
-- the app's zone) → no outbox rows. The signal wakes streams and push senders on commit.
CREATE FUNCTION notify_game(p_type text, p_game uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_written uuid[];
BEGIN
  IF coalesce(cardinality(p_recipients), 0) = 0 THEN RETURN; END IF;
  WITH recipients AS (SELECT DISTINCT r.user_id FROM unnest(p_recipients) AS r(user_id)),
  decided AS (
    SELECT r.user_id,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.in_app_off, '{}'))) AS in_app,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.push_off, '{}')))
        AND NOT coalesce(CASE WHEN p.quiet_start < p.quiet_end THEN p_minute >= p.quiet_start AND p_minute < p.quiet_end
                              ELSE p_minute >= p.quiet_start OR p_minute < p.quiet_end END, false) AS push
    FROM recipients r
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id
    LEFT JOIN notification_game_mutes m ON m.user_id = r.user_id AND m.game_id = p_game),
  written AS (
    INSERT INTO notifications (user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at)
    SELECT d.user_id, p_type, p_title, p_message, 'GAME', p_game, d.in_app, NOT d.in_app, p_at FROM decided d WHERE d.in_app OR d.push
    RETURNING id, user_id),
  pushed AS (
    INSERT INTO push_outbox (notification_id, user_id, device_token, platform, next_attempt_at, created_at)
    SELECT w.id, w.user_id, t.device_token, t.platform, p_at, p_at
    FROM written w JOIN decided d ON d.user_id = w.user_id AND d.push JOIN device_tokens t ON t.user_id = w.user_id
    ON CONFLICT DO NOTHING)
  SELECT array_agg(w.user_id) INTO v_written FROM written w;
  PERFORM pg_notify('notifications', u::text) FROM unnest(v_written) AS u;
END $$;
--> statement-breakpoint
-- The per-game form of visibleTo (games.sql.ts): PUBLIC, or the viewer organises, plays or waits,
-- co-hosts, or holds share access to a game that ended after p_share_cut.
CREATE FUNCTION game_visible_to(p_game uuid, p_viewer uuid, p_share_cut timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM games g WHERE g.id = p_game AND (g.visibility = 'PUBLIC' OR g.organizer_id = p_viewer
    OR EXISTS (SELECT 1 FROM game_participants p WHERE p.game_id = g.id AND p.user_id = p_viewer)
    OR EXISTS (SELECT 1 FROM game_share_access s JOIN games sg ON sg.id = s.game_id
               WHERE s.game_id = g.id AND s.user_id = p_viewer AND sg.end_time > p_share_cut)
    OR EXISTS (SELECT 1 FROM game_co_hosts c WHERE c.game_id = g.id AND c.user_id = p_viewer)))
$$;
--> statement-breakpoint
-- The waiting parties (without an offer) that fit the free places, in joining order; a party that
-- does not fit is skipped for the next one that does, never split. Promoted (p_offer_until null) or
-- offered until p_offer_until. The caller holds the game's row lock and moves the counters.
CREATE FUNCTION game_fill_waitlist(p_game uuid, p_offer_until timestamptz)
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
--> statement-breakpoint
-- The status a client sees (effectiveStatus in games.rules.ts).
CREATE FUNCTION game_effective_status(p_status text, p_start timestamptz, p_end timestamptz, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status IN ('CANCELLED', 'COMPLETED') THEN p_status
    WHEN p_now >= p_end THEN 'COMPLETED' WHEN p_now >= p_start THEN 'STARTED' ELSE p_status END
$$;
--> statement-breakpoint
-- A join in one round trip under the game's row lock (GameParticipation.join): the checks in the
-- order the service makes them, the row, the counters and the notifications. What the service read
-- before (policies, title for the texts) is compared with the locked row: 'stale' asks it to read again.
-- p_texts: {"joined": [title, message], "waitlisted": [...], "full": [...]}.
CREATE FUNCTION game_join(
  p_game uuid, p_user uuid, p_now timestamptz, p_share_cut timestamptz,
  p_guests integer, p_guest_names text[], p_named integer, p_refuse_if_full boolean,
  p_seen jsonb, p_texts jsonb, p_minute integer)
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
  VALUES (p_game, p_user, CASE WHEN v_fits THEN 'ACTIVE' ELSE 'WAITLISTED' END, p_now, p_guests, p_guest_names)
  RETURNING * INTO r;
  UPDATE games SET players_joined = players_joined + CASE WHEN v_fits THEN v_size ELSE 0 END,
    waitlisted = waitlisted + CASE WHEN v_fits THEN 0 ELSE v_size END
  WHERE id = p_game;
  v_text := p_texts->CASE WHEN v_fits THEN 'joined' ELSE 'waitlisted' END;
  PERFORM notify_game('PLAYER_JOINED', p_game, array_remove(ARRAY[g.organizer_id], p_user), v_text->>0, v_text->>1, p_now, p_minute);
  IF v_fits AND g.players_joined + v_size = g.slots THEN
    PERFORM notify_game('GAME_FULL', p_game, array_remove(ARRAY[g.organizer_id], p_user), p_texts->'full'->>0, p_texts->'full'->>1, p_now, p_minute);
  END IF;
  RETURN jsonb_build_object('outcome', 'ok', 'row', to_jsonb(r));
END $$;
--> statement-breakpoint
-- A leave in one round trip under the game's row lock (GameParticipation.leave): the checks, the
-- row, the counters, the organiser's notification and the freed places to the waitlist (promoted,
-- or offered until p_offer_until, which the service worked out from the start time it read: a
-- different start, waitlist mode or title on the locked row answers 'stale').
-- p_texts: {"left": [title, message], "promoted": [...], "offered": [...]}.
CREATE FUNCTION game_leave(
  p_game uuid, p_user uuid, p_now timestamptz, p_share_cut timestamptz,
  p_seen jsonb, p_offer_until timestamptz, p_texts jsonb, p_minute integer)
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
  -- leaveRefused (games.rules.ts): a waitlisted player holds no place; an undecided quorum game may be left.
  IF r.status = 'ACTIVE' AND g.status <> 'CANCELLED' AND NOT (g.min_players IS NOT NULL AND g.decided_at IS NULL)
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
  PERFORM notify_game('PLAYER_LEFT', p_game, array_remove(ARRAY[g.organizer_id], p_user), p_texts->'left'->>0, p_texts->'left'->>1, p_now, p_minute);
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
