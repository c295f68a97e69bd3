-- Money (#38): what each place in a priced game owes the organiser, every change of it, and the
-- organiser's PayNow proxy (sealed with AES-256-GCM by the service; the database never sees it in clear).
CREATE TABLE "payment_payees" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"proxy_type" text NOT NULL,
	"proxy_sealed" text NOT NULL,
	"display_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_payees_proxy_type" CHECK ("proxy_type" IN ('MOBILE', 'UEN'))
);
--> statement-breakpoint
CREATE TABLE "payment_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"place" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"reference" text,
	"changed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_entries_place" UNIQUE ("game_id", "user_id", "place"),
	CONSTRAINT "payment_entries_place_range" CHECK ("place" BETWEEN 0 AND 3),
	CONSTRAINT "payment_entries_amount" CHECK ("amount_cents" >= 0),
	CONSTRAINT "payment_entries_state" CHECK ("state" IN ('DUE', 'CLAIMED', 'PAID', 'WAIVED', 'NOT_RECEIVED', 'REFUND_DUE', 'REFUNDED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE INDEX "payment_entries_user_idx" ON "payment_entries" ("user_id", "state");
--> statement-breakpoint
CREATE INDEX "payment_entries_organizer_idx" ON "payment_entries" ("organizer_id", "state");
--> statement-breakpoint
CREATE TABLE "payment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL REFERENCES "payment_entries" ("id") ON DELETE CASCADE,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_history_entry_idx" ON "payment_history" ("entry_id", "at");
--> statement-breakpoint
-- Every change of state is kept, whoever writes it: the row's changed_by (null: the service itself) and updated_at.
CREATE FUNCTION payment_entry_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.state IS DISTINCT FROM OLD.state THEN
    INSERT INTO payment_history (entry_id, from_state, to_state, actor_id, at)
    VALUES (NEW.id, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.state END, NEW.state, NEW.changed_by, NEW.updated_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_entries_history AFTER INSERT OR UPDATE ON "payment_entries" FOR EACH ROW EXECUTE FUNCTION payment_entry_history();
