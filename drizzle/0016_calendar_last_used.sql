-- Custom SQL migration file, put your code below! --
-- A feed unread for 90 days lapses. Feeds that exist already count as used now: their last use is unknown.
ALTER TABLE "calendar_tokens" ADD COLUMN "last_used_at" timestamp with time zone NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ALTER COLUMN "last_used_at" DROP DEFAULT;
