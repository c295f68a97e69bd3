-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Game day (issue #37): the session run at the venue. One row per game once a host opens it; rounds of
-- proposed and started matches; scores with every change kept. The rules that must hold when two hosts
-- or two players act at once are constraints here, not checks in memory:
--   * one open proposal per game (game_day_rounds_one_proposal);
--   * one proposed or playing match per court (game_day_matches_one_per_court);
--   * a round starts once and a score is entered once: conditional UPDATEs on their state.
CREATE TABLE "game_days" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"courts" integer NOT NULL,
	"score_rule" text NOT NULL,
	"pace" text NOT NULL,
	"winner_stays_cap" integer NOT NULL DEFAULT 2,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_days_format" CHECK ("format" IN ('ROTATING_DOUBLES', 'WINNER_STAYS', 'FIXED_PAIRS', 'SINGLES')),
	CONSTRAINT "game_days_courts" CHECK ("courts" BETWEEN 1 AND 20),
	CONSTRAINT "game_days_score_rule" CHECK ("score_rule" IN ('TO_21', 'TO_11', 'FREE')),
	CONSTRAINT "game_days_pace" CHECK ("pace" IN ('ROUND', 'COURT')),
	CONSTRAINT "game_days_winner_stays_cap" CHECK ("winner_stays_cap" BETWEEN 1 AND 10)
);--> statement-breakpoint
CREATE TABLE "game_day_leavers" (
	"game_id" uuid NOT NULL REFERENCES "game_days"("game_id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("game_id", "user_id")
);--> statement-breakpoint
CREATE TABLE "game_day_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL REFERENCES "game_days"("game_id") ON DELETE CASCADE,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"resting" uuid[] NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	CONSTRAINT "game_day_rounds_number" UNIQUE ("game_id", "number"),
	CONSTRAINT "game_day_rounds_status" CHECK ("status" IN ('PROPOSED', 'STARTED'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "game_day_rounds_one_proposal" ON "game_day_rounds" USING btree ("game_id") WHERE "status" = 'PROPOSED';--> statement-breakpoint
CREATE TABLE "game_day_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL REFERENCES "game_day_rounds"("id") ON DELETE CASCADE,
	"game_id" uuid NOT NULL,
	"court" integer NOT NULL,
	"side_a" uuid[] NOT NULL,
	"side_b" uuid[] NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"score_a" integer,
	"score_b" integer,
	"score_state" text,
	"score_entered_by" uuid,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "game_day_matches_status" CHECK ("status" IN ('PROPOSED', 'PLAYING', 'DONE')),
	CONSTRAINT "game_day_matches_score_state" CHECK ("score_state" IS NULL OR "score_state" IN ('ENTERED', 'CONFIRMED', 'DISPUTED', 'SETTLED'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "game_day_matches_one_per_court" ON "game_day_matches" USING btree ("game_id", "court") WHERE "status" <> 'DONE';--> statement-breakpoint
CREATE INDEX "game_day_matches_game_idx" ON "game_day_matches" USING btree ("game_id");--> statement-breakpoint
CREATE TABLE "game_day_score_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL REFERENCES "game_day_matches"("id") ON DELETE CASCADE,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"action" text NOT NULL,
	"score_a" integer,
	"score_b" integer,
	"by_user" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_day_score_changes_action" CHECK ("action" IN ('ENTERED', 'CONFIRMED', 'DISPUTED', 'SETTLED'))
);--> statement-breakpoint
CREATE INDEX "game_day_score_changes_match_idx" ON "game_day_score_changes" USING btree ("match_id", "seq");
