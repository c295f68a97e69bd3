-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Chat pushes (issue #39). Types whose push is off until the user turns it on (CHAT_PLAYING) are
-- listed in push_on; every other type stays "on unless in push_off".
ALTER TABLE notification_preferences ADD COLUMN push_on text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
-- One batch per recipient, game and clock minute: the first message of the minute claims it (the
-- primary key) and writes the notification with its push due at the minute's end; later messages of
-- that minute only count themselves into it, so its text says how many and no second push is queued.
CREATE TABLE chat_push_batches (
  user_id uuid NOT NULL,
  game_id uuid NOT NULL,
  minute timestamptz NOT NULL,
  notification_id uuid NOT NULL,
  messages integer NOT NULL DEFAULT 1,
  mentioned boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, game_id, minute)
);
--> statement-breakpoint
CREATE INDEX chat_push_batches_minute ON chat_push_batches (minute);
--> statement-breakpoint
-- p_recipients and p_types go together: each member's type (CHAT_HOSTING, CHAT_PLAYING, or
-- CHAT_MENTION when the message names them). The game's mute, the type's push preference and quiet
-- hours decide as in notify_subject; the row is push-only (the chat's unread count is the in-app side).
CREATE OR REPLACE FUNCTION notify_chat(p_game uuid, p_recipients uuid[], p_types text[], p_titles jsonb, p_where text,
                            p_at timestamptz, p_minute integer, p_bucket timestamptz, p_due timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_written uuid[];
BEGIN
  IF coalesce(cardinality(p_recipients), 0) = 0 THEN RETURN; END IF;
  DELETE FROM chat_push_batches WHERE game_id = p_game AND user_id = ANY(p_recipients) AND minute < p_bucket;
  WITH wanted AS (
    SELECT r.user_id, r.type FROM unnest(p_recipients, p_types) AS r(user_id, type)
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id
    WHERE NOT EXISTS (SELECT 1 FROM notification_game_mutes m WHERE m.user_id = r.user_id AND m.game_id = p_game)
      AND CASE WHEN r.type = 'CHAT_PLAYING' THEN r.type = ANY(coalesce(p.push_on, '{}')) ELSE NOT (r.type = ANY(coalesce(p.push_off, '{}'))) END
      AND NOT coalesce(CASE WHEN p.quiet_start < p.quiet_end THEN p_minute >= p.quiet_start AND p_minute < p.quiet_end
                            ELSE p_minute >= p.quiet_start OR p_minute < p.quiet_end END, false)),
  -- Concurrent messages serialise on the batch's row (ON CONFLICT DO UPDATE locks it).
  claimed AS (
    INSERT INTO chat_push_batches AS b (user_id, game_id, minute, notification_id, mentioned)
    SELECT w.user_id, p_game, p_bucket, gen_random_uuid(), w.type = 'CHAT_MENTION' FROM wanted w
    ON CONFLICT (user_id, game_id, minute) DO UPDATE SET messages = b.messages + 1, mentioned = b.mentioned OR excluded.mentioned
    RETURNING b.user_id, b.notification_id, b.messages, b.mentioned),
  batch AS (
    SELECT c.*, CASE WHEN c.mentioned THEN 'CHAT_MENTION' ELSE w.type END AS type FROM claimed c JOIN wanted w ON w.user_id = c.user_id),
  -- The minute's first message: the notification and its pushes, due when the minute is over.
  written AS (
    INSERT INTO notifications (id, user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at)
    SELECT c.notification_id, c.user_id, c.type, p_titles->>c.type, '1 new message ' || p_where, 'GAME', p_game, false, true, p_at
    FROM batch c WHERE c.messages = 1
    RETURNING id, user_id),
  pushed AS (
    INSERT INTO push_outbox (notification_id, user_id, device_token, platform, next_attempt_at, created_at)
    SELECT w.id, w.user_id, t.device_token, t.platform, p_due, p_at FROM written w JOIN device_tokens t ON t.user_id = w.user_id
    ON CONFLICT DO NOTHING),
  -- Later messages of the minute: the batch's count (the push still queued sends the newest text).
  counted AS (
    UPDATE notifications n SET type = c.type, title = p_titles->>c.type, message = c.messages || ' new messages ' || p_where
    FROM batch c WHERE c.messages > 1 AND n.id = c.notification_id)
  SELECT array_agg(w.user_id) INTO v_written FROM written w;
  PERFORM pg_notify('notifications', u::text) FROM unnest(v_written) AS u;
END $$;
