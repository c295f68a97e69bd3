CREATE TABLE "game_co_hosts" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_co_hosts_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_join_requests" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"requested_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_join_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "game_join_requests_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "min_players" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decision_hours_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "join_policy" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "off_level_policy" text DEFAULT 'ALLOW' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_co_hosts" ADD CONSTRAINT "game_co_hosts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_join_requests" ADD CONSTRAINT "game_join_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_co_hosts_user_idx" ON "game_co_hosts" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "game_join_requests_game_seq_idx" ON "game_join_requests" USING btree ("game_id","seq");--> statement-breakpoint
CREATE INDEX "games_undecided_idx" ON "games" USING btree ("start_time") WHERE min_players IS NOT NULL AND decided_at IS NULL AND status = 'SCHEDULED';--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_min_players_range" CHECK ("games"."min_players" IS NULL OR "games"."min_players" BETWEEN 1 AND "games"."slots");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_decision_hours_range" CHECK ("games"."decision_hours_before" BETWEEN 0 AND 168);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_join_policy" CHECK ("games"."join_policy" IN ('OPEN', 'APPROVAL'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_off_level_policy" CHECK ("games"."off_level_policy" IN ('ALLOW', 'REQUEST', 'REFUSE'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_cancel_reason" CHECK ("games"."cancel_reason" IS NULL OR "games"."cancel_reason" IN ('NOT_ENOUGH_PLAYERS'));