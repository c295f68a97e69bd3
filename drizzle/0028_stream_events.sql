-- hand-written:
-- Stream events (issue #39: the chat live; issue #37: the board live). A stream event is a row of
-- `notifications` written for each member at the moment of the change, in the change's transaction,
-- so a stream resumes from Last-Event-ID across reconnects and instances exactly as it does for
-- notifications (the (txid, seq) position). `stream_event` names the event (`chat.message`,
-- `chat.deleted`, `chat.changed`, `game-day.board`) and `payload` is what the event carries. Such a
-- row is never listed, counted or pushed: it is written with in_app false and is_read true (the
-- list, the unread count, read, delete and the push outbox all look only at in-app rows) and has no
-- outbox row. They are only there for a stream to catch up, so the cleanup job drops them after two days.
ALTER TABLE notifications ADD COLUMN stream_event text;
--> statement-breakpoint
ALTER TABLE notifications ADD COLUMN payload jsonb;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_stream_event CHECK (stream_event IS NULL OR (NOT in_app AND payload IS NOT NULL));
--> statement-breakpoint
CREATE INDEX notifications_stream_created_idx ON notifications (created_at) WHERE stream_event IS NOT NULL;
