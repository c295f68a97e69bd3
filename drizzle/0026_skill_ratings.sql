-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Skill ratings learnt from game day's results (issue #37): one openskill (Weng–Lin) estimate per
-- player, activity and kind (doubles or singles). A result moves ratings once: the event row's primary
-- key is the match, inserted in the same transaction as the update, so a second try inserts nothing and
-- changes nothing. Each change is kept (before and after) for the player's history.
CREATE TABLE "skill_ratings" (
  "user_id" uuid NOT NULL,
  "activity_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "mu" double precision NOT NULL,
  "sigma" double precision NOT NULL,
  "games" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "skill_ratings_pk" PRIMARY KEY ("user_id", "activity_id", "kind"),
  CONSTRAINT "skill_ratings_kind" CHECK ("kind" IN ('DOUBLES', 'SINGLES'))
);
--> statement-breakpoint
CREATE TABLE "skill_rating_events" (
  "match_id" uuid PRIMARY KEY NOT NULL,
  "game_id" uuid NOT NULL,
  "activity_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "rated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "skill_rating_events_kind" CHECK ("kind" IN ('DOUBLES', 'SINGLES'))
);
--> statement-breakpoint
CREATE TABLE "skill_rating_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "match_id" uuid NOT NULL REFERENCES "skill_rating_events" ("match_id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL,
  "activity_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "won" boolean,
  "mu_before" double precision NOT NULL,
  "sigma_before" double precision NOT NULL,
  "mu_after" double precision NOT NULL,
  "sigma_after" double precision NOT NULL,
  "at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "skill_rating_changes_user_idx" ON "skill_rating_changes" USING btree ("user_id", "activity_id", "kind", "seq" DESC);
--> statement-breakpoint
-- A player who hides their rating from others: no row means shown.
CREATE TABLE "skill_visibility" (
  "user_id" uuid PRIMARY KEY NOT NULL,
  "hidden" boolean NOT NULL,
  "updated_at" timestamp with time zone NOT NULL
);
