ALTER TABLE "products" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_unverified_idx" ON "stores" USING btree ("id") WHERE not verified and suspended_at is null;--> statement-breakpoint
-- A held product stays hidden whatever writes it (the seller's form, a CSV import): staff lift holds.
CREATE FUNCTION products_keep_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.held_by IS NULL AND NEW.active AND EXISTS (SELECT 1 FROM stores WHERE id = NEW.store_id AND suspended_at IS NOT NULL) THEN
    NEW.held_by := 'suspension';
  END IF;
  IF NEW.held_by IS NOT NULL THEN
    NEW.active := false;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_keep_held BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_keep_held();
