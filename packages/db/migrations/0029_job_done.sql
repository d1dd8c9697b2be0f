ALTER TABLE "requests" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "confirmed_at" timestamp with time zone;