-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION notify_subject(p_kind text, p_subject uuid, p_type text, p_recipients uuid[], p_title text, p_message text, p_at timestamptz,
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
