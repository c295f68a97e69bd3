CREATE TABLE "game_bookmarks" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_bookmarks_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_bookmarks_user_created_idx" ON "game_bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST,"game_id");--> statement-breakpoint
CREATE INDEX "game_bookmarks_game_idx" ON "game_bookmarks" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_resource_uq" ON "share_links" USING btree ("resource_type","resource_id");