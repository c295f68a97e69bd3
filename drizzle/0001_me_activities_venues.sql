CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "skill_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile_skill_levels" (
	"user_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"skill_level_id" uuid NOT NULL,
	CONSTRAINT "profile_skill_levels_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"contact_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"onboarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_lines" (
	"station_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"station_number" integer NOT NULL,
	CONSTRAINT "station_lines_station_id_line_id_pk" PRIMARY KEY("station_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "transit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	CONSTRAINT "transit_lines_code_uq" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "venue_activities" (
	"venue_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	CONSTRAINT "venue_activities_venue_id_activity_id_pk" PRIMARY KEY("venue_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "venue_stations" (
	"venue_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "venue_stations_venue_id_station_id_pk" PRIMARY KEY("venue_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" text,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "skill_levels" ADD CONSTRAINT "skill_levels_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_skill_levels" ADD CONSTRAINT "profile_skill_levels_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_lines" ADD CONSTRAINT "station_lines_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_lines" ADD CONSTRAINT "station_lines_line_id_transit_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."transit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_activities" ADD CONSTRAINT "venue_activities_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_stations" ADD CONSTRAINT "venue_stations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_stations" ADD CONSTRAINT "venue_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_name_uq" ON "activities" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "skill_levels_activity_idx" ON "skill_levels" USING btree ("activity_id","sort_order");--> statement-breakpoint
CREATE INDEX "profile_skill_levels_level_idx" ON "profile_skill_levels" USING btree ("skill_level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_name_uq" ON "stations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "venue_activities_activity_idx" ON "venue_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "venue_stations_station_idx" ON "venue_stations" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_source_id_uq" ON "venues" USING btree ("source_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "venues_lat_lng_idx" ON "venues" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "venues_name_idx" ON "venues" USING btree (lower("name"),"id");