ALTER TABLE "game_participants" ADD COLUMN "guests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_participants" ADD COLUMN "guest_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game_participants" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_guests_per_player" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "waitlist_mode" text DEFAULT 'AUTO' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "places_on_offer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "game_participants_offer_idx" ON "game_participants" USING btree ("offer_expires_at") WHERE offer_expires_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_guests_range" CHECK ("game_participants"."guests" BETWEEN 0 AND 3);--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_offer_waiting" CHECK ("game_participants"."offer_expires_at" IS NULL OR "game_participants"."status" = 'WAITLISTED');--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_places_on_offer_range" CHECK ("games"."places_on_offer" >= 0 AND "games"."places_on_offer" <= "games"."waitlisted");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_taken_within_slots" CHECK ("games"."players_joined" + "games"."places_on_offer" <= "games"."slots");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_max_guests_range" CHECK ("games"."max_guests_per_player" BETWEEN 0 AND 3);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_waitlist_mode" CHECK ("games"."waitlist_mode" IN ('AUTO', 'OFFER'));