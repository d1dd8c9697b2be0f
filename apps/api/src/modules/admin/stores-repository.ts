import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { like } from './common.ts';

// Stores' SQL for staff (stores-service.ts holds the rules).

export interface StoreRow {
  id: number;
  name: string;
  url_name: string;
  verified: boolean;
  suspended_at: Date | string | null;
  created_at: Date | string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  state: string;
  city: string;
  products: number;
  active_products: number;
}

/** What the staff list filters by; `q` is trimmed and not empty when given. */
export interface StoreFilter {
  id?: number;
  q?: string;
  verified?: string;
  suspended?: string;
  regionId?: number;
  lastId?: number;
}

export interface StoreLockRow {
  verified: boolean;
  suspended_at: unknown;
  owner_user_id: string | null;
  name: string;
}

export function adminStoresRepository(db: Db) {
  return {
    /** Stores awaiting verification: one indexed query (stores_unverified_idx). */
    async countUnverified() {
      return (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from stores where not verified and suspended_at is null`,
        )
      )[0].n;
    },

    /** Stores with their owner, place and product counts, newest first. */
    stores(f: StoreFilter, limit: number) {
      const where: SQL[] = [];
      if (f.id !== undefined) where.push(sql`st.id = ${f.id}`);
      if (f.q) {
        const l = like(f.q);
        where.push(
          sql`(st.name ilike ${l} or st.url_name ilike ${l} or u.email ilike ${l} or u.name ilike ${l}${
            /^\d{1,9}$/.test(f.q) ? sql` or st.id = ${Number(f.q)}` : sql``
          })`,
        );
      }
      if (f.verified === 'yes') where.push(sql`st.verified`);
      if (f.verified === 'no') where.push(sql`not st.verified`);
      if (f.suspended === 'yes') where.push(sql`st.suspended_at is not null`);
      if (f.suspended === 'no') where.push(sql`st.suspended_at is null`);
      if (f.regionId) where.push(sql`st.state_id = ${f.regionId}`);
      if (f.lastId) where.push(sql`st.id < ${f.lastId}`);
      return rows<StoreRow>(
        db,
        sql`select st.id, st.name, st.url_name, st.verified, st.suspended_at, st.created_at,
          u.id as owner_id, u.name as owner_name, coalesce(u.email, u.phone) as owner_email, sa.name as state, ci.name as city,
          (select count(*)::int from products p where p.store_id = st.id) as products,
          (select count(*)::int from products p where p.store_id = st.id and p.active) as active_products
        from stores st left join users u on u.id = st.owner_user_id
          join states sa on sa.id = st.state_id join cities ci on ci.id = st.city_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by st.id desc limit ${limit}`,
      );
    },

    /** Locks the store's row for the rest of the transaction (two staff acting take turns). */
    async lock(id: number): Promise<StoreLockRow | undefined> {
      const [r] = await rows<StoreLockRow>(
        db,
        sql`select verified, suspended_at, owner_user_id, name from stores where id = ${id} for update`,
      );
      return r;
    },

    setVerified: (id: number, verified: boolean) =>
      db.execute(sql`update stores set verified = ${verified} where id = ${id}`),

    /** Suspends the store and holds its products on sale ('suspension'); answers how many. */
    async suspend(id: number) {
      await db.execute(sql`update stores set suspended_at = now() where id = ${id}`);
      return (
        await rows<{ n: number }>(
          db,
          sql`with h as (update products set held_by = 'suspension'
                    where store_id = ${id} and active and held_by is null returning 1)
                  select count(*)::int as n from h`,
        )
      )[0].n;
    },

    /** Lifts the suspension and puts back on sale what it held; answers their ids. */
    async unsuspend(id: number) {
      await db.execute(sql`update stores set suspended_at = null where id = ${id}`);
      const shown = await rows<{ prod_id: number }>(
        db,
        sql`update products set held_by = null, active = true
                where store_id = ${id} and held_by = 'suspension' returning prod_id`,
      );
      return shown.map((r) => r.prod_id);
    },
  };
}
