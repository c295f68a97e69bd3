CREATE TABLE "page_generations" (
	"stripe" smallint PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written:
INSERT INTO "page_generations" ("stripe") SELECT generate_series(0, 31);
--> statement-breakpoint
CREATE FUNCTION bump_page_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One stripe per transaction: concurrent writers rarely share a row lock.
  UPDATE page_generations SET value = value + 1 WHERE stripe = (txid_current() % 32)::smallint;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER games_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER game_participants_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_participants" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER game_co_hosts_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_co_hosts" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER share_links_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "share_links" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER activities_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER skill_levels_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skill_levels" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER venues_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "venues" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER venue_activities_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "venue_activities" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER users_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
