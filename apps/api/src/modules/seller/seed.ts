import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { lagosDay } from './views.ts';

/**
 * Demo product views for the demo seller's store over the last 90 days, so its dashboard has
 * figures from the first start (orders come from the commerce seeder). The same every run:
 * each product and day gets 0 to 4 views from a hash, a little more in the last 30 days.
 * Skipped when the store already has views.
 */
export async function seedSeller(db: Db) {
  const [store] = await rows<{ id: number }>(
    db,
    sql`select st.id from stores st join users u on u.id = st.owner_user_id
        where u.email = 'seller@demo.ng' order by st.id limit 1`,
  );
  if (!store) return;
  const [has] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_views where store_id = ${store.id}`,
  );
  if (has.n > 0) return;
  await db.execute(
    sql`insert into product_views (product_id, store_id, day, views)
        select p.prod_id, p.store_id, ${lagosDay()}::date - g.n, v.views
        from products p cross join generate_series(0, 89) as g(n)
          cross join lateral (select greatest(0, abs(hashtext(p.prod_id::text || ':' || g.n::text)) % 6 - 2
            + case when g.n < 30 then 1 else 0 end) as views) v
        where p.store_id = ${store.id} and p.active and v.views > 0
        on conflict do nothing`,
  );
}
