CREATE TABLE "garage_cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vin" text,
	"make_id" integer NOT NULL,
	"model_id" integer,
	"year" integer,
	"nickname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "garage_cars" ADD CONSTRAINT "garage_cars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_cars" ADD CONSTRAINT "garage_cars_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_cars" ADD CONSTRAINT "garage_cars_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "garage_cars_user_idx" ON "garage_cars" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_cars_user_vin_uq" ON "garage_cars" USING btree ("user_id","vin") WHERE "garage_cars"."vin" is not null;