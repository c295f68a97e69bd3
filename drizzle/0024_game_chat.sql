-- Custom SQL migration file, put your code below! --
-- hand-written:
-- A conversation per game (issue #39). Messages are ordered by `seq` (given by the database, so two
-- messages in the same millisecond still have one order and a cursor never skips one). A game's chat
-- settings live in one row per game, made on the first change: no row means open, waitlist reads only,
-- nothing pinned. "One pinned message per game" is that row's single column; deleting the pinned
-- message unpins it in the same statement (ON DELETE SET NULL).
CREATE TABLE "game_chat_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "game_id" uuid NOT NULL,
  "author_id" uuid NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "game_chat_messages_body_length" CHECK (char_length("body") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE INDEX "game_chat_messages_game_seq_idx" ON "game_chat_messages" USING btree ("game_id", "seq" DESC);
--> statement-breakpoint
CREATE TABLE "game_chats" (
  "game_id" uuid PRIMARY KEY NOT NULL,
  "closed_at" timestamp with time zone,
  "waitlist_may_write" boolean DEFAULT false NOT NULL,
  "pinned_message_id" uuid REFERENCES "game_chat_messages" ("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Each member's read marker: the newest message they have seen. Only ever moves forward (GREATEST).
CREATE TABLE "game_chat_reads" (
  "game_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "last_read_seq" bigint NOT NULL,
  CONSTRAINT "game_chat_reads_pk" PRIMARY KEY ("game_id", "user_id")
);
--> statement-breakpoint
-- A member's report of a message, for the admins' queue. The text is copied: the report keeps the
-- message for the admins even once its author or a host deleted it. One report per message and person.
CREATE TABLE "game_chat_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "message_id" uuid NOT NULL,
  "game_id" uuid NOT NULL,
  "author_id" uuid NOT NULL,
  "reporter_id" uuid NOT NULL,
  "body" text NOT NULL,
  "written_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "game_chat_reports_message_reporter_idx" ON "game_chat_reports" USING btree ("message_id", "reporter_id");
--> statement-breakpoint
CREATE INDEX "game_chat_reports_open_idx" ON "game_chat_reports" USING btree ("created_at") WHERE "resolved_at" IS NULL;
