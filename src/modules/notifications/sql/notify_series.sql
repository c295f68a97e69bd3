-- The definition in force. Change it here; `npm run db:functions` then writes the migration that makes it so.
CREATE OR REPLACE FUNCTION notify_series(p_type text, p_series uuid, p_recipients uuid[], p_title text, p_message text, p_at timestamptz, p_minute integer,
                              p_key text DEFAULT NULL, p_window_seconds integer DEFAULT 0)
RETURNS void LANGUAGE sql AS $$
  SELECT notify_subject('SERIES', p_series, p_type, p_recipients, p_title, p_message, p_at, p_minute, p_key, p_window_seconds)
$$;
