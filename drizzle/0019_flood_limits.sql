-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Coalescing (issue #31): a notification remembers who caused it and about what (`coalesce_key`, e.g.
-- `co-host:<actor id>`); a repeated act of the same kind by the same actor on the same person about the
-- same game within the window updates that row (newest state wins) instead of writing, and pushing,
-- another. Rows without a key (reminders, cancellations, SQL-written joins and leaves) never coalesce.
ALTER TABLE "notifications" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE INDEX "notifications_coalesce_idx" ON "notifications" USING btree ("user_id","resource_id","coalesce_key","seq") WHERE "coalesce_key" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION notify_game(text, uuid, uuid[], text, text, timestamptz, integer);--> statement-breakpoint
-- As in 0012, plus p_key and p_window_seconds (defaults: no coalescing, so the 0012 callers keep working).
-- The advisory lock serialises one actor's acts on one game, so two concurrent ones cannot both insert.
CREATE FUNCTION notify_game(p_type text, p_game uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer,
                            p_key text DEFAULT NULL, p_window_seconds integer DEFAULT 0)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_written uuid[];
  v_key text := CASE WHEN p_window_seconds > 0 THEN p_key END;
BEGIN
  IF coalesce(cardinality(p_recipients), 0) = 0 THEN RETURN; END IF;
  IF v_key IS NOT NULL THEN PERFORM pg_advisory_xact_lock(hashtextextended(v_key || ':' || p_game::text, 0)); END IF;
  WITH recipients AS (SELECT DISTINCT r.user_id FROM unnest(p_recipients) AS r(user_id)),
  decided AS (
    SELECT r.user_id,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.in_app_off, '{}'))) AS in_app,
      m.user_id IS NULL AND NOT (p_type = ANY(coalesce(p.push_off, '{}')))
        AND NOT coalesce(CASE WHEN p.quiet_start < p.quiet_end THEN p_minute >= p.quiet_start AND p_minute < p.quiet_end
                              ELSE p_minute >= p.quiet_start OR p_minute < p.quiet_end END, false) AS push,
      (SELECT n.id FROM notifications n
        WHERE v_key IS NOT NULL AND n.user_id = r.user_id AND n.resource_id = p_game AND n.coalesce_key = v_key
          AND n.created_at > p_at - make_interval(secs => p_window_seconds)
        ORDER BY n.seq DESC LIMIT 1) AS earlier
    FROM recipients r
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id
    LEFT JOIN notification_game_mutes m ON m.user_id = r.user_id AND m.game_id = p_game),
  coalesced AS (
    UPDATE notifications n SET type = p_type, title = p_title, message = p_message, created_at = p_at,
      in_app = n.in_app OR d.in_app, is_read = NOT (n.in_app OR d.in_app), read_at = NULL
    FROM decided d WHERE n.id = d.earlier AND (d.in_app OR d.push)
    RETURNING n.user_id),
  written AS (
    INSERT INTO notifications (user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at, coalesce_key)
    SELECT d.user_id, p_type, p_title, p_message, 'GAME', p_game, d.in_app, NOT d.in_app, p_at, v_key FROM decided d
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
