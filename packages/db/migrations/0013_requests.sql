CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" integer,
	"sp_id" integer,
	"provider_name" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"product_id" integer,
	"part_description" text,
	"arrival_minutes" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_offers_price_positive" CHECK ("request_offers"."price_kobo" > 0),
	CONSTRAINT "request_offers_status" CHECK ("request_offers"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "request_recipients" (
	"request_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" integer,
	"sp_id" integer,
	"round" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_recipients_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cat_id" integer,
	"speciality_id" integer,
	"vehicle_type_id" integer,
	"tow_capacity_id" integer,
	"make_id" integer,
	"model_id" integer,
	"year" integer,
	"vin" text,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"street" text,
	"lat" real,
	"lng" real,
	"description" text NOT NULL,
	"urgency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"accepted_offer_id" integer,
	"widened" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_kind" CHECK ("requests"."kind" in ('part', 'mechanic', 'tow')),
	CONSTRAINT "requests_status" CHECK ("requests"."status" in ('open', 'taken', 'closed')),
	CONSTRAINT "requests_taken_has_offer" CHECK (("requests"."status" = 'taken') = ("requests"."accepted_offer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "offer_price_kobo" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_sp_id_service_providers_sp_id_fk" FOREIGN KEY ("sp_id") REFERENCES "public"."service_providers"("sp_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_recipients" ADD CONSTRAINT "request_recipients_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_recipients" ADD CONSTRAINT "request_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_recipients" ADD CONSTRAINT "request_recipients_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_recipients" ADD CONSTRAINT "request_recipients_sp_id_service_providers_sp_id_fk" FOREIGN KEY ("sp_id") REFERENCES "public"."service_providers"("sp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_cat_id_categories_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categories"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_speciality_id_mechanic_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."mechanic_specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_tow_capacity_id_tow_capacities_id_fk" FOREIGN KEY ("tow_capacity_id") REFERENCES "public"."tow_capacities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "request_offers_one_per_provider" ON "request_offers" USING btree ("request_id","user_id");--> statement-breakpoint
CREATE INDEX "request_offers_user_idx" ON "request_offers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "request_recipients_user_idx" ON "request_recipients" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "requests_user_idx" ON "requests" USING btree ("user_id","id");