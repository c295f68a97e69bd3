-- Money's reminders (#38): one row per reminder a player was sent about a game, and one per day an
-- organiser was sent their summary; the primary keys make each once-only across instances. And the
-- organiser's rule per game: whether players pay before or after it (no row: after).
CREATE TABLE "payment_reminders" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reminders_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "payment_reminders_sent_idx" ON "payment_reminders" ("sent_at");
--> statement-breakpoint
CREATE TABLE "payment_summaries" (
	"organizer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_summaries_organizer_id_day_pk" PRIMARY KEY("organizer_id","day")
);
--> statement-breakpoint
CREATE INDEX "payment_summaries_sent_idx" ON "payment_summaries" ("sent_at");
--> statement-breakpoint
CREATE TABLE "payment_rules" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"pay_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_rules_pay_by" CHECK ("pay_by" IN ('BEFORE', 'AFTER'))
);
