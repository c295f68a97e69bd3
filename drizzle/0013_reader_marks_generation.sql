-- Custom SQL migration file, put your code below! --
-- hand-written:
-- A signed-in listing page is the remembered public page with the reader's own marks, and the
-- reader's marks are remembered at the page generation they were read at. Bookmarks and share
-- access are marks (and share access decides which PRIVATE games a reader sees), so they bump the
-- generation too: a reader's bookmark shows on the next read, on every instance.
CREATE TRIGGER game_bookmarks_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_bookmarks" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
--> statement-breakpoint
CREATE TRIGGER game_share_access_page_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_share_access" FOR EACH STATEMENT EXECUTE FUNCTION bump_page_generation();
