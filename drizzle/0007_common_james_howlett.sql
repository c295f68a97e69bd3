CREATE TABLE "game_join_requests" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"requested_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_join_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "game_join_requests_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "join_policy" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "off_level_policy" text DEFAULT 'ALLOW' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_join_requests" ADD CONSTRAINT "game_join_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_join_requests_game_seq_idx" ON "game_join_requests" USING btree ("game_id","seq");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_join_policy" CHECK ("games"."join_policy" IN ('OPEN', 'APPROVAL'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_off_level_policy" CHECK ("games"."off_level_policy" IN ('ALLOW', 'REQUEST', 'REFUSE'));