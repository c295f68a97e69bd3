CREATE TABLE "game_participants" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_participants_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "game_participants_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "game_participants_status" CHECK ("game_participants"."status" IN ('ACTIVE', 'WAITLISTED'))
);
--> statement-breakpoint
CREATE TABLE "game_share_access" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_share_access_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"skill_level_from_id" uuid NOT NULL,
	"skill_level_to_id" uuid NOT NULL,
	"title" text,
	"description" text,
	"currency" varchar(3) NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"slots" integer NOT NULL,
	"players_joined" integer DEFAULT 0 NOT NULL,
	"waitlisted" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"visibility" text NOT NULL,
	"game_type" text NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_slots_range" CHECK ("games"."slots" BETWEEN 1 AND 100),
	CONSTRAINT "games_players_within_slots" CHECK ("games"."players_joined" BETWEEN 0 AND "games"."slots"),
	CONSTRAINT "games_waitlisted_non_negative" CHECK ("games"."waitlisted" >= 0),
	CONSTRAINT "games_time_order" CHECK ("games"."end_time" > "games"."start_time"),
	CONSTRAINT "games_price_non_negative" CHECK ("games"."price" >= 0),
	CONSTRAINT "games_visibility" CHECK ("games"."visibility" IN ('PUBLIC', 'PRIVATE')),
	CONSTRAINT "games_game_type" CHECK ("games"."game_type" IN ('SINGLE', 'DOUBLE')),
	CONSTRAINT "games_status" CHECK ("games"."status" IN ('SCHEDULED', 'STARTED', 'COMPLETED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_share_access" ADD CONSTRAINT "game_share_access_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_participants_user_idx" ON "game_participants" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "game_participants_game_seq_idx" ON "game_participants" USING btree ("game_id","status","seq");--> statement-breakpoint
CREATE INDEX "game_share_access_user_idx" ON "game_share_access" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "games_public_start_idx" ON "games" USING btree ("start_time","id") WHERE visibility = 'PUBLIC' AND status <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "games_organizer_start_idx" ON "games" USING btree ("organizer_id","start_time","id");--> statement-breakpoint
CREATE INDEX "games_activity_idx" ON "games" USING btree ("activity_id");