import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { like } from './common.ts';

// Products' SQL for staff (products-service.ts holds the rules). A product's fields are read and
// written through the seller's service; this file reads the staff lists and the hold.

export interface ProductRow {
  prod_id: number;
  name: string;
  store_id: number;
  store_name: string;
  store_url: string;
  cat_id: number;
  cat_name: string;
  state: string;
  condition: number;
  price_kobo: number | string;
  sales_kobo: number | string | null;
  stock: number;
  active: boolean;
  held_by: string | null;
  held_reason: string | null;
}

/** A product's store and why the product is held. */
export interface ProductStoreRow {
  id: number;
  name: string;
  url_name: string;
  suspended: boolean;
  held_by: string | null;
  held_reason: string | null;
}

export interface ProductHoldRow {
  active: boolean;
  held_by: string | null;
  held_reason: string | null;
}

/** What the staff list filters by; `q` is trimmed and not empty when given. */
export interface ProductFilter {
  q?: string;
  store?: number;
  catId?: number;
  regionId?: number;
  condition?: number;
  active?: string;
  lastId?: number;
}

export function adminProductsRepository(db: Db) {
  return {
    /** Products with their store, category and state, newest first. */
    products(f: ProductFilter, limit: number) {
      const where: SQL[] = [];
      if (f.q)
        where.push(
          /^\d{1,9}$/.test(f.q)
            ? sql`(p.prod_id = ${Number(f.q)} or p.name ilike ${like(f.q)})`
            : sql`(p.name ilike ${like(f.q)} or p.part_number ilike ${like(f.q)} or p.sku ilike ${like(f.q)})`,
        );
      if (f.store) where.push(sql`p.store_id = ${f.store}`);
      if (f.catId) where.push(sql`(p.cat_id = ${f.catId} or p.top_cat_id = ${f.catId})`);
      if (f.regionId) where.push(sql`p.state_id = ${f.regionId}`);
      if (f.condition) where.push(sql`p.condition = ${f.condition}`);
      if (f.active === 'yes') where.push(sql`p.active`);
      if (f.active === 'no') where.push(sql`not p.active`);
      if (f.active === 'held') where.push(sql`p.held_by is not null`);
      if (f.lastId) where.push(sql`p.prod_id < ${f.lastId}`);
      return rows<ProductRow>(
        db,
        sql`select p.prod_id, p.name, p.store_id, st.name as store_name, st.url_name as store_url, p.cat_id,
          c.name as cat_name, sa.name as state, p.condition, p.price_kobo, p.sales_kobo, p.stock, p.active,
          p.held_by, p.held_reason
        from products p join stores st on st.id = p.store_id join categories c on c.cat_id = p.cat_id
          join states sa on sa.id = p.state_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by p.prod_id desc limit ${limit}`,
      );
    },

    async storeOf(prodId: number): Promise<ProductStoreRow | undefined> {
      const [r] = await rows<ProductStoreRow>(
        db,
        sql`select st.id, st.name, st.url_name, st.suspended_at is not null as suspended, p.held_by, p.held_reason
            from products p join stores st on st.id = p.store_id where p.prod_id = ${prodId}`,
      );
      return r;
    },

    /** The product's hold, its row locked for the rest of the transaction. */
    async lockHold(prodId: number): Promise<ProductHoldRow | undefined> {
      const [r] = await rows<ProductHoldRow>(
        db,
        sql`select active, held_by, held_reason from products where prod_id = ${prodId} for update`,
      );
      return r;
    },

    /** Held by staff: the products trigger keeps it inactive. */
    hold: (prodId: number, reason: string) =>
      db.execute(
        sql`update products set held_by = 'admin', held_reason = ${reason} where prod_id = ${prodId}`,
      ),

    /** Released: back on sale (or held for its store's suspension by the trigger). */
    release: (prodId: number) =>
      db.execute(
        sql`update products set held_by = null, held_reason = null, active = true where prod_id = ${prodId}`,
      ),
  };
}
