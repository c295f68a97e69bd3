ALTER TABLE "games" ADD COLUMN "min_players" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decision_hours_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "games_undecided_idx" ON "games" USING btree ("start_time") WHERE min_players IS NOT NULL AND decided_at IS NULL AND status = 'SCHEDULED';--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_min_players_range" CHECK ("games"."min_players" IS NULL OR "games"."min_players" BETWEEN 1 AND "games"."slots");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_decision_hours_range" CHECK ("games"."decision_hours_before" BETWEEN 0 AND 168);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_cancel_reason" CHECK ("games"."cancel_reason" IS NULL OR "games"."cancel_reason" IN ('NOT_ENOUGH_PLAYERS'));