-- IF [NOT] EXISTS: seed-cli drops and rebuilds this index around big loads, so an interrupted load may leave either state.
CREATE INDEX IF NOT EXISTS "products_search_bucket_idx" ON "products" USING gin (("search" || array_to_tsvector(array['~a' || ("prod_id" >> 12)::text, '~b' || ("prod_id" >> 15)::text, '~c' || ("prod_id" >> 18)::text])));--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_idx";
