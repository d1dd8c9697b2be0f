CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_last_idx" ON "rate_limits" USING btree ("last_at");--> statement-breakpoint
-- Cars saved twice by simultaneous requests before this index existed: keep the first.
DELETE FROM "garage_cars" g USING "garage_cars" o WHERE g."vin" IS NULL AND o."vin" IS NULL AND g."user_id" = o."user_id" AND g."make_id" = o."make_id" AND coalesce(g."model_id", 0) = coalesce(o."model_id", 0) AND coalesce(g."year", 0) = coalesce(o."year", 0) AND (o."created_at", o."id") < (g."created_at", g."id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_cars_user_car_uq" ON "garage_cars" USING btree ("user_id","make_id",coalesce("model_id", 0),coalesce("year", 0)) WHERE "garage_cars"."vin" is null;