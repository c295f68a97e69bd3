-- Custom SQL migration file, put your code below! --
-- hand-written:
-- Reference data (activities, skill levels, venues and their activities, written by admins) bumps
-- stripes of its own, 32 to 35. The page generation is still the sum of every stripe, so a rename
-- still ends every remembered page; the sum of these four alone tells when the names each instance
-- keeps in memory changed, so that a join (the common write) no longer makes them be read again.
INSERT INTO "page_generations" ("stripe") SELECT generate_series(32, 35);
--> statement-breakpoint
CREATE FUNCTION bump_reference_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE page_generations SET value = value + 1 WHERE stripe = (32 + txid_current() % 4)::smallint;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER activities_page_generation ON "activities";
--> statement-breakpoint
DROP TRIGGER skill_levels_page_generation ON "skill_levels";
--> statement-breakpoint
DROP TRIGGER venues_page_generation ON "venues";
--> statement-breakpoint
DROP TRIGGER venue_activities_page_generation ON "venue_activities";
--> statement-breakpoint
CREATE TRIGGER activities_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_generation();
--> statement-breakpoint
CREATE TRIGGER skill_levels_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skill_levels" FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_generation();
--> statement-breakpoint
CREATE TRIGGER venues_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "venues" FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_generation();
--> statement-breakpoint
CREATE TRIGGER venue_activities_reference_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "venue_activities" FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_generation();
