CREATE TABLE "alert_matches" (
	"alert_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"price_kobo" bigint NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "alert_matches_alert_id_product_id_pk" PRIMARY KEY("alert_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"words" text,
	"cat_id" integer,
	"make_id" integer,
	"model_id" integer,
	"year" integer,
	"state_id" integer,
	"city_id" integer,
	"condition" smallint,
	"product_id" integer,
	"saved_price_kobo" bigint,
	"target_kobo" bigint,
	"notified_kobo" bigint,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_kind" CHECK ("alerts"."kind" in ('search', 'price')),
	CONSTRAINT "alerts_price_has_product" CHECK ("alerts"."kind" <> 'price' or ("alerts"."product_id" is not null and "alerts"."saved_price_kobo" is not null)),
	CONSTRAINT "alerts_target_below_saved" CHECK ("alerts"."target_kobo" is null or ("alerts"."target_kobo" > 0 and "alerts"."target_kobo" < "alerts"."saved_price_kobo"))
);
--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_pending_idx" ON "alert_matches" USING btree ("alert_id") WHERE "alert_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "alert_matches_product_idx" ON "alert_matches" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_key_uq" ON "alerts" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_product_idx" ON "alerts" USING btree ("product_id") WHERE "alerts"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "alerts_search_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."kind" = 'search' and "alerts"."paused_at" is null;