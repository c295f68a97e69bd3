CREATE TABLE "game_attendance" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"game_start" timestamp with time zone NOT NULL,
	"marked_by" uuid NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_attendance_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "game_attendance_status" CHECK ("game_attendance"."status" IN ('ATTENDED', 'NO_SHOW'))
);
--> statement-breakpoint
CREATE TABLE "game_ratings" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"note" text,
	"rated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_ratings_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "game_ratings_score" CHECK ("game_ratings"."score" BETWEEN 1 AND 5),
	CONSTRAINT "game_ratings_note_length" CHECK ("game_ratings"."note" IS NULL OR char_length("game_ratings"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "calendar_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "self_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_recent_no_shows" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "game_attendance_user_start_idx" ON "game_attendance" USING btree ("user_id","game_start");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_max_recent_no_shows_range" CHECK ("games"."max_recent_no_shows" IS NULL OR "games"."max_recent_no_shows" BETWEEN 1 AND 100);