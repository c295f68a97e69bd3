ALTER TABLE "game_series" ADD COLUMN "max_guests_per_player" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_series" ADD COLUMN "waitlist_mode" text DEFAULT 'AUTO' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_series" ADD COLUMN "self_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_series" ADD COLUMN "max_recent_no_shows" integer;