CREATE TABLE "product_fitments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_fitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"model_id" integer,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_images_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"prod_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_prod_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"cat_id" integer NOT NULL,
	"top_cat_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_kobo" bigint NOT NULL,
	"sales_kobo" bigint,
	"condition" smallint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"part_number" text,
	"part_number_norm" text GENERATED ALWAYS AS (upper(regexp_replace(coalesce(part_number, ''), '[^A-Za-z0-9]', '', 'g'))) STORED,
	"search_terms" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(part_number, '') || ' ' || upper(regexp_replace(coalesce(part_number, ''), '[^A-Za-z0-9]', '', 'g'))), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(search_terms, '')), 'C') || setweight(to_tsvector('english'::regconfig, left(coalesce(description, ''), 2000)), 'D')) STORED,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" uuid,
	"name" text NOT NULL,
	"url_name" text NOT NULL,
	"logo" text,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"delivery_fee_in_state_kobo" bigint DEFAULT 0 NOT NULL,
	"delivery_fee_other_states_kobo" bigint DEFAULT 0 NOT NULL,
	"rank_boost" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_url_name_unique" UNIQUE("url_name")
);
--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_make_id_car_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."car_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cat_id_categories_cat_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."categories"("cat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_fitments_product_idx" ON "product_fitments" USING btree ("product_id","make_id","model_id","year_from","year_to");--> statement-breakpoint
CREATE INDEX "product_fitments_make_idx" ON "product_fitments" USING btree ("make_id","model_id","year_from","year_to","product_id");--> statement-breakpoint
CREATE INDEX "products_active_id_idx" ON "products" USING btree ("prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_top_cat_idx" ON "products" USING btree ("top_cat_id","prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_cat_idx" ON "products" USING btree ("cat_id","prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_state_idx" ON "products" USING btree ("state_id","prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_top_cat_state_idx" ON "products" USING btree ("top_cat_id","state_id","prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_city_idx" ON "products" USING btree ("city_id","prod_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id","prod_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_pn_trgm_idx" ON "products" USING gin ("part_number_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_pn_prefix_idx" ON "products" USING btree ("part_number_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "stores_state_idx" ON "stores" USING btree ("state_id");