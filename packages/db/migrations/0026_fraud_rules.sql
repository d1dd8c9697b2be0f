ALTER TABLE "cart_items" ADD COLUMN "offer_quantity" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "account_phone" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_account_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_phone_limit" integer;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_account_phone_idx" ON "coupon_redemptions" USING btree ("coupon_id","account_phone");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_contact_phone_idx" ON "coupon_redemptions" USING btree ("coupon_id","contact_phone");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_limits_positive" CHECK (("coupons"."per_account_limit" IS NULL OR "coupons"."per_account_limit" > 0) AND ("coupons"."per_phone_limit" IS NULL OR "coupons"."per_phone_limit" > 0));