CREATE TABLE "game_co_hosts" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_co_hosts_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "game_co_hosts" ADD CONSTRAINT "game_co_hosts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_co_hosts_user_idx" ON "game_co_hosts" USING btree ("user_id","game_id");