-- Money's second rule (#38): how many hours before the start a place is held for a player who has
-- not paid; at that deadline it goes to the waitlist. NULL: off (the default).
ALTER TABLE "payment_rules" ADD COLUMN "release_unpaid_hours_before" integer;
--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_release_hours" CHECK ("release_unpaid_hours_before" IS NULL OR "release_unpaid_hours_before" IN (2, 6, 12, 24, 48, 72));
--> statement-breakpoint
-- One row per game and deadline whose unpaid places were released: its primary key makes the
-- release happen once across instances, and a player who gets a place after it is not released.
CREATE TABLE "payment_releases" (
	"game_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_releases_game_id_deadline_pk" PRIMARY KEY("game_id","deadline")
);
--> statement-breakpoint
CREATE INDEX "payment_releases_released_idx" ON "payment_releases" ("released_at");
