ALTER TABLE "garage_cars" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "garage_cars" ADD CONSTRAINT "garage_cars_engine" CHECK ("garage_cars"."engine" ~ '^[0-9][.][0-9]$');