-- The audit trail: who changed someone else's data or shared data, what, and when. Written in the
-- transaction of the change it records, so an entry exists exactly when the change committed.
CREATE TABLE audit_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Orders entries of the same instant as they were written (one request may write several).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  actor_id uuid,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL,
  request_id text
);
--> statement-breakpoint
CREATE INDEX audit_entries_at_idx ON audit_entries (at DESC, seq DESC);
--> statement-breakpoint
CREATE INDEX audit_entries_object_idx ON audit_entries (object_type, object_id, at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, at DESC, id DESC);
