DROP INDEX "products_search_bucket_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The fit_terms of these products from their fitment rows (the schema says what the lexemes mean), sorted;
-- '{}' for a product without any.
CREATE FUNCTION product_fit_terms(ids integer[]) RETURNS TABLE (id integer, terms text[]) LANGUAGE sql STABLE AS $$
  SELECT i.id, coalesce(array_agg(DISTINCT t ORDER BY t) FILTER (WHERE t IS NOT NULL), '{}'::text[])
  FROM unnest(ids) i(id)
    LEFT JOIN product_fitments f ON f.product_id = i.id
    LEFT JOIN LATERAL unnest(array['~k' || f.make_id,
      CASE WHEN f.model_id IS NULL THEN '~n' || f.make_id ELSE '~m' || f.make_id || '.' || f.model_id END]) t ON true
  GROUP BY i.id
$$;--> statement-breakpoint
-- Once per statement, over the products its rows touched (an import writes thousands of rows in one).
CREATE FUNCTION products_fit_terms_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT product_id FROM old_rows);
  ELSE
    touched := array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows);
  END IF;
  UPDATE products p SET fit_terms = x.terms FROM product_fit_terms(touched) x
  WHERE p.prod_id = x.id AND p.fit_terms IS DISTINCT FROM x.terms;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_fitments_terms_insert AFTER INSERT ON product_fitments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_fit_terms_refresh();--> statement-breakpoint
CREATE TRIGGER product_fitments_terms_delete AFTER DELETE ON product_fitments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_fit_terms_refresh();--> statement-breakpoint
CREATE TRIGGER product_fitments_terms_update AFTER UPDATE ON product_fitments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_fit_terms_refresh();--> statement-breakpoint
-- The products already fitted. Their updated_at (the sitemaps' lastmod) stays: what a page shows has not changed.
ALTER TABLE products DISABLE TRIGGER products_touch;--> statement-breakpoint
UPDATE products p SET fit_terms = x.terms
FROM product_fit_terms(array(SELECT DISTINCT product_id FROM product_fitments)) x
WHERE p.prod_id = x.id;--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER products_touch;--> statement-breakpoint
CREATE INDEX "products_search_bucket_idx" ON "products" USING gin (("search" || array_to_tsvector("fit_terms" || array['~a' || ("prod_id" >> 12)::text, '~b' || ("prod_id" >> 15)::text, '~c' || ("prod_id" >> 18)::text, '~g' || "cat_id"::text, '~z' || coalesce("fit_spec", '')])));
