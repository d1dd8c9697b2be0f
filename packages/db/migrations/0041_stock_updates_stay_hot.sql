-- Checkout takes stock with `update products set stock = stock - n`. products_out_of_stock_idx named `stock` in its
-- WHERE, and a column named by any index makes PostgreSQL write a new entry in every index of the table for each
-- update that changes it: 14 indexes, two of them GIN (the search vector, the part-number trigrams), on every
-- order, and a part bought often left a trail of dead entries in each. The index now names sold_out, which changes
-- only when the count reaches or leaves zero, so a stock change stays on its page (a HOT update) when the page has
-- room: the table keeps a tenth of each page free for that (fillfactor 90, applied by the rewrite the new column
-- makes).
ALTER TABLE "products" SET (fillfactor = 90);--> statement-breakpoint
DROP INDEX "products_out_of_stock_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS (stock <= 0) STORED;--> statement-breakpoint
CREATE INDEX "products_sold_out_idx" ON "products" USING btree ("prod_id") WHERE active and sold_out;
