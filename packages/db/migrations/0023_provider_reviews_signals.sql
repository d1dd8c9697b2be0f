CREATE TABLE "product_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"detail" text NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_signals_kind" CHECK ("product_signals"."kind" in ('make_mismatch', 'low_price'))
);
--> statement-breakpoint
CREATE TABLE "provider_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"sp_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_reviews_rating_range" CHECK ("provider_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "product_signals" ADD CONSTRAINT "product_signals_product_id_products_prod_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("prod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_signals" ADD CONSTRAINT "product_signals_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_sp_id_service_providers_sp_id_fk" FOREIGN KEY ("sp_id") REFERENCES "public"."service_providers"("sp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_reviews" ADD CONSTRAINT "provider_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_signals_product_kind_uq" ON "product_signals" USING btree ("product_id","kind");--> statement-breakpoint
CREATE INDEX "product_signals_open_idx" ON "product_signals" USING btree ("id") WHERE cleared_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_reviews_request_uq" ON "provider_reviews" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "provider_reviews_sp_idx" ON "provider_reviews" USING btree ("sp_id","id") WHERE hidden_at is null;