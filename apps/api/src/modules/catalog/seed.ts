import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { ensureStores, insertProducts } from './bulk.ts';

export const DEMO_PRODUCTS = 2100;

/** Demo catalogue: 34 stores in 16 states and 2,100 products with fitment (skipped when products exist). */
export async function seedCatalog(db: Db, opts: { products?: number } = {}) {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from products`);
  const stores = await ensureStores(db);
  if (n > 0) return;
  await insertProducts(db, { count: opts.products ?? DEMO_PRODUCTS, stores });
}
