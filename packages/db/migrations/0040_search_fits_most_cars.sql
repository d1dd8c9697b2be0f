-- Whether a part of this category fits most cars: the 'universal' rule of fitRule (apps/api/src/modules/catalog/
-- fitment.ts: its CHILD_RULES, then its UNIVERSAL_TOPS), in SQL for products_search_bucket_idx. A search with a car
-- asked the index for the parts of each such category, 57 lexemes probed per search stage; now one, '~u'.
-- fitment.ts's test compares the two for every category; a change to that rule needs a migration redefining this
-- function and rebuilding the index.
CREATE FUNCTION fits_most_cars(cat integer, top_cat integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN cat IN (407, 1602, 1606, 1609, 1610, 2206, 2207, 2208, 3401, 3402, 3403, 3404, 3405, 3406, 3409) THEN true
    WHEN cat IN (401, 402, 403, 404, 405, 406, 501, 502, 506, 508, 2201, 2202, 2203, 2204) THEN false
    ELSE top_cat IN (23, 31, 32, 33, 35)
  END
$$;--> statement-breakpoint
DROP INDEX "products_search_bucket_idx";--> statement-breakpoint
CREATE INDEX "products_search_bucket_idx" ON "products" USING gin (("search" || array_to_tsvector("fit_terms" || array['~a' || ("prod_id" >> 12)::text, '~b' || ("prod_id" >> 15)::text, '~c' || ("prod_id" >> 18)::text, '~z' || coalesce("fit_spec", '')] || case when fits_most_cars("cat_id", "top_cat_id") then '{~u}'::text[] else '{}' end)));
