CREATE TABLE "kv_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"consumed" boolean DEFAULT false NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kv_set_members" (
	"key" text NOT NULL,
	"member" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kv_set_members_key_member_pk" PRIMARY KEY("key","member")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_provider" text NOT NULL,
	"provider_subject" text NOT NULL,
	"name" text,
	"email" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "kv_entries_expires_at_idx" ON "kv_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "kv_set_members_expires_at_idx" ON "kv_set_members" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_subject_uq" ON "users" USING btree ("auth_provider","provider_subject") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");