-- Web push (RFC 8030/8291/8292): a browser's subscription is a device of platform WEB_PUSH, its endpoint URL the token, with the keys its pushes are encrypted to.
ALTER TABLE "device_tokens" DROP CONSTRAINT "device_tokens_platform";--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "web_push_p256dh" text;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "web_push_auth" text;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_platform" CHECK ("device_tokens"."platform" IN ('ANDROID', 'IOS', 'WEB', 'WEB_PUSH'));--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_web_push_keys" CHECK (CASE WHEN "device_tokens"."platform" = 'WEB_PUSH' THEN "device_tokens"."web_push_p256dh" IS NOT NULL AND "device_tokens"."web_push_auth" IS NOT NULL
      ELSE "device_tokens"."web_push_p256dh" IS NULL AND "device_tokens"."web_push_auth" IS NULL END);
