CREATE TABLE "notification_game_mutes" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_game_mutes_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"in_app_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"push_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_quiet" CHECK (("notification_preferences"."quiet_start" IS NULL) = ("notification_preferences"."quiet_end" IS NULL)
    AND coalesce("notification_preferences"."quiet_start" BETWEEN 0 AND 1439 AND "notification_preferences"."quiet_end" BETWEEN 0 AND 1439 AND "notification_preferences"."quiet_start" <> "notification_preferences"."quiet_end", true))
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_token" text NOT NULL,
	"platform" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_unpushed_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_notification_device_uq" ON "push_outbox" USING btree ("notification_id","device_token");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "push_outbox_device_idx" ON "push_outbox" USING btree ("device_token");--> statement-breakpoint
CREATE INDEX "notifications_user_position_idx" ON "notifications" USING btree ("user_id","txid","seq");--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "pushed_at";