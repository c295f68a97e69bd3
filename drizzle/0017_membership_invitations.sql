-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Consent for membership (issue #31): being made a regular or co-host is an invitation the person
-- accepts or declines. A row lives only while the invitation is open; one past expires_at counts as
-- gone and is replaced by a new invitation. The unique key is the "one pending invitation per
-- (kind, target, person)" invariant.
CREATE TABLE "membership_invitations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "target_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "invited_by" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "membership_invitations_kind" CHECK ("kind" IN ('SERIES_REGULAR', 'SERIES_CO_HOST', 'GAME_CO_HOST'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invitations_target_user_idx" ON "membership_invitations" USING btree ("kind", "target_id", "user_id");
--> statement-breakpoint
CREATE INDEX "membership_invitations_user_idx" ON "membership_invitations" USING btree ("user_id");
--> statement-breakpoint
-- A notification may be about a series (its invitations, a regular removed), not only a game.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_resource_type";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_resource_type" CHECK ("resource_type" IN ('GAME', 'SERIES'));
--> statement-breakpoint
-- notify_game's twin for a series: the same preference, quiet-hours and push rules; no game mutes.
CREATE FUNCTION notify_series(p_type text, p_series uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_written uuid[];
BEGIN
  IF coalesce(cardinality(p_recipients), 0) = 0 THEN RETURN; END IF;
  WITH recipients AS (SELECT DISTINCT r.user_id FROM unnest(p_recipients) AS r(user_id)),
  decided AS (
    SELECT r.user_id,
      NOT (p_type = ANY(coalesce(p.in_app_off, '{}'))) AS in_app,
      NOT (p_type = ANY(coalesce(p.push_off, '{}')))
        AND NOT coalesce(CASE WHEN p.quiet_start < p.quiet_end THEN p_minute >= p.quiet_start AND p_minute < p.quiet_end
                              ELSE p_minute >= p.quiet_start OR p_minute < p.quiet_end END, false) AS push
    FROM recipients r
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id),
  written AS (
    INSERT INTO notifications (user_id, type, title, message, resource_type, resource_id, in_app, is_read, created_at)
    SELECT d.user_id, p_type, p_title, p_message, 'SERIES', p_series, d.in_app, NOT d.in_app, p_at FROM decided d WHERE d.in_app OR d.push
    RETURNING id, user_id),
  pushed AS (
    INSERT INTO push_outbox (notification_id, user_id, device_token, platform, next_attempt_at, created_at)
    SELECT w.id, w.user_id, t.device_token, t.platform, p_at, p_at
    FROM written w JOIN decided d ON d.user_id = w.user_id AND d.push JOIN device_tokens t ON t.user_id = w.user_id
    ON CONFLICT DO NOTHING)
  SELECT array_agg(w.user_id) INTO v_written FROM written w;
  PERFORM pg_notify('notifications', u::text) FROM unnest(v_written) AS u;
END $$;
