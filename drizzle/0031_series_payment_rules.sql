-- Money's rules per series (#38): the organiser's rules for a series, copied onto each game it opens
-- and onto its games still to come when they are set. Keyed by series id, no foreign key (the series
-- module owns that table).
CREATE TABLE "series_payment_rules" (
	"series_id" uuid PRIMARY KEY NOT NULL,
	"pay_by" text NOT NULL,
	"release_unpaid_hours_before" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "series_payment_rules_pay_by" CHECK ("pay_by" IN ('BEFORE', 'AFTER')),
	CONSTRAINT "series_payment_rules_release_hours" CHECK ("release_unpaid_hours_before" IS NULL OR "release_unpaid_hours_before" IN (2, 6, 12, 24, 48, 72))
);
--> statement-breakpoint
-- Where a game's rules came from: the series named here (a later change of the series' rules
-- replaces them), or NULL when set on the game itself (the game's own rules win over the series').
ALTER TABLE "payment_rules" ADD COLUMN "series_id" uuid;
