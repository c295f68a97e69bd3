CREATE TABLE "game_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organizer_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"skill_level_from_id" uuid NOT NULL,
	"skill_level_to_id" uuid NOT NULL,
	"title" text,
	"description" text,
	"currency" varchar(3) NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"slots" integer NOT NULL,
	"visibility" text NOT NULL,
	"game_type" text NOT NULL,
	"min_players" integer,
	"decision_hours_before" integer DEFAULT 3 NOT NULL,
	"join_policy" text DEFAULT 'OPEN' NOT NULL,
	"off_level_policy" text DEFAULT 'ALLOW' NOT NULL,
	"join_as_organizer" boolean DEFAULT false NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_minutes" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"interval_weeks" integer DEFAULT 1 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"occurrence_count" integer,
	"open_days_ahead" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_series_end" CHECK (("game_series"."ends_on" IS NULL) <> ("game_series"."occurrence_count" IS NULL)),
	CONSTRAINT "game_series_open_days" CHECK ("game_series"."open_days_ahead" BETWEEN 1 AND 28),
	CONSTRAINT "game_series_interval" CHECK ("game_series"."interval_weeks" BETWEEN 1 AND 8),
	CONSTRAINT "game_series_start_minutes" CHECK ("game_series"."start_minutes" BETWEEN 0 AND 1439),
	CONSTRAINT "game_series_status" CHECK ("game_series"."status" IN ('ACTIVE', 'ENDED'))
);
--> statement-breakpoint
CREATE TABLE "game_series_co_hosts" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_series_co_hosts_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_series_occurrences" (
	"series_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"state" text NOT NULL,
	"game_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_series_occurrences_series_id_occurs_on_pk" PRIMARY KEY("series_id","occurs_on"),
	CONSTRAINT "game_series_occurrences_state" CHECK ("game_series_occurrences"."state" IN ('OPENED', 'SKIPPED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "game_series_regulars" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_series_regulars_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "game_series_regulars_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_series_skips" (
	"series_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "game_series_skips_series_id_occurs_on_user_id_pk" PRIMARY KEY("series_id","occurs_on","user_id")
);
--> statement-breakpoint
ALTER TABLE "game_series_co_hosts" ADD CONSTRAINT "game_series_co_hosts_series_id_game_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."game_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_series_occurrences" ADD CONSTRAINT "game_series_occurrences_series_id_game_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."game_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_series_regulars" ADD CONSTRAINT "game_series_regulars_series_id_game_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."game_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_series_skips" ADD CONSTRAINT "game_series_skips_series_id_game_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."game_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_series_organizer_idx" ON "game_series" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "game_series_active_idx" ON "game_series" USING btree ("id") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "game_series_co_hosts_user_idx" ON "game_series_co_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "game_series_occurrences_game_idx" ON "game_series_occurrences" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "game_series_regulars_user_idx" ON "game_series_regulars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "game_series_regulars_seq_idx" ON "game_series_regulars" USING btree ("series_id","seq");