ALTER TABLE "requests" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "photo_placeholder" text;