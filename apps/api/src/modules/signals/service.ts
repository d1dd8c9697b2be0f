import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { formatNaira } from '@sf/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionUser } from '../../lib/session.ts';
import { claimContradicts, claimMatcher, PRICE_RATIO, priceTooLow } from './rules.ts';
import type { SignalItem, SignalList } from './types.ts';

/** What a buyer pays: the sale price when there is one below the price. */
const PAID = sql`(case when p.sales_kobo > 0 and p.sales_kobo < p.price_kobo then p.sales_kobo else p.price_kobo end)`;

interface Found {
  productId: number;
  kind: 'make_mismatch' | 'low_price';
  basis: string;
  detail: string;
}

const naira = (kobo: number) => formatNaira(kobo / 100).replace(/\.00$/, '');

/**
 * Judges the given products (all of them, or a store's, when `ids` is left out, in pages) and
 * writes what holds:
 * a signal that no longer holds goes; one staff cleared comes back only when what was judged
 * (its basis) changed. Answers how many signals are open among the products judged.
 */
export async function checkSignals(db: Db, ids?: number[], storeId?: number): Promise<number> {
  const makes = await rows<{ name: string }>(db, sql`select name from car_makes`);
  const claimOf = claimMatcher(makes.map((m) => m.name));
  let open = 0;
  if (ids) return ids.length ? judge(db, ids, claimOf) : 0;
  for (let after = 0; ;) {
    const page = await rows<{ prod_id: number }>(
      db,
      sql`select prod_id from products where prod_id > ${after}
        ${storeId ? sql`and store_id = ${storeId}` : sql``} order by prod_id limit 1000`,
    );
    if (!page.length) return open;
    open += await judge(
      db,
      page.map((p) => p.prod_id),
      claimOf,
    );
    after = page[page.length - 1].prod_id;
  }
}

async function judge(db: Db, ids: number[], claimOf: (text: string) => string | null) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const products = await rows<{
    prod_id: number;
    text: string;
    active: boolean;
    paid: number;
    makes: string[] | null;
    median: number | null;
    listings: number;
  }>(
    db,
    sql`with p as (select * from products p where p.prod_id in (${list})),
      cats as (select p.cat_id, percentile_cont(0.5) within group (order by ${PAID})::float as median, count(*)::int as listings
        from products p where p.active and p.cat_id in (select distinct cat_id from p) group by p.cat_id)
      select p.prod_id, p.name || ' ' || p.title || ' ' || left(p.description, 2000) as text, p.active,
        ${PAID}::float as paid, c.median, coalesce(c.listings, 0) as listings,
        (select array_agg(distinct mk.name) from product_fitments f join car_makes mk on mk.id = f.make_id
          where f.product_id = p.prod_id) as makes
      from p left join cats c on c.cat_id = p.cat_id`,
  );
  const found: Found[] = [];
  for (const p of products) {
    const claimed = claimOf(p.text);
    const makes = p.makes ?? [];
    if (claimed && claimContradicts(claimed, makes))
      found.push({
        productId: p.prod_id,
        kind: 'make_mismatch',
        basis: `${claimed}|${[...makes].sort().join(',')}`,
        detail: `Says genuine ${claimed}, but fits ${makes.sort().join(', ')}`,
      });
    if (p.active && priceTooLow(Number(p.paid), p.median, p.listings))
      found.push({
        productId: p.prod_id,
        kind: 'low_price',
        basis: String(p.paid),
        detail: `${naira(Number(p.paid))} is under ${PRICE_RATIO * 100}% of the category's median ${naira(
          Math.round(p.median!),
        )} (${p.listings} listings)`,
      });
  }
  await transaction(db, async (tx) => {
    // What no longer holds goes (cleared or not): a listing fixed by its seller leaves the list.
    const keep = found.map((f) => sql`(${f.productId}::int, ${f.kind}::text)`);
    await tx.execute(
      sql`delete from product_signals where product_id in (${list})
        ${keep.length ? sql`and (product_id, kind) not in (${sql.join(keep, sql`, `)})` : sql``}`,
    );
    if (found.length)
      await tx.execute(sql`insert into product_signals (product_id, kind, basis, detail)
        select * from json_to_recordset(${JSON.stringify(
          found.map((f) => ({
            product_id: f.productId,
            kind: f.kind,
            basis: f.basis,
            detail: f.detail,
          })),
        )}::json) as x(product_id int, kind text, basis text, detail text)
        on conflict (product_id, kind) do update set detail = excluded.detail,
          cleared_at = case when product_signals.basis = excluded.basis then product_signals.cleared_at end,
          cleared_by = case when product_signals.basis = excluded.basis then product_signals.cleared_by end,
          created_at = case when product_signals.basis = excluded.basis then product_signals.created_at else now() end,
          basis = excluded.basis`);
  });
  const [n] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_signals where product_id in (${list}) and cleared_at is null`,
  );
  return n.n;
}

interface SignalRow {
  id: number;
  product_id: number;
  product_name: string;
  store_name: string;
  store_url: string;
  kind: 'make_mismatch' | 'low_price';
  detail: string;
  active: boolean;
  created_at: Date;
  cleared_at: Date | null;
}

const toItem = (r: SignalRow): SignalItem => ({
  id: r.id,
  productId: r.product_id,
  productName: r.product_name,
  storeName: r.store_name,
  storeUrl: r.store_url,
  kind: r.kind,
  detail: r.detail,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
  clearedAt: r.cleared_at ? new Date(r.cleared_at).toISOString() : null,
});

const SELECT = sql`select g.id, g.product_id, p.name as product_name, st.name as store_name, st.url_name as store_url,
  g.kind, g.detail, p.active, g.created_at, g.cleared_at
  from product_signals g join products p on p.prod_id = g.product_id join stores st on st.id = p.store_id`;

export function signalsService(db: Db) {
  return {
    /** Open signals, newest first (or the cleared ones), 50 a page. */
    async list(q: { status?: 'open' | 'cleared'; lastId?: number }): Promise<SignalList> {
      const list = await rows<SignalRow>(
        db,
        sql`${SELECT} where ${q.status === 'cleared' ? sql`g.cleared_at is not null` : sql`g.cleared_at is null`}
          ${q.lastId ? sql`and g.id < ${q.lastId}` : sql``} order by g.id desc limit 50`,
      );
      return {
        status: true,
        items: list.map(toItem),
        lastId: list.length === 50 ? list[49].id : null,
      };
    },

    /** Staff looked and found nothing wrong: the signal is cleared (audited) until its basis changes. */
    async clear(admin: SessionUser, id: number, note: string): Promise<SignalItem> {
      await transaction(db, async (tx) => {
        const [done] = await rows<{ product_id: number; kind: string }>(
          tx,
          sql`update product_signals set cleared_at = now(), cleared_by = ${admin.id}
            where id = ${id} and cleared_at is null returning product_id, kind`,
        );
        if (!done) {
          const [any] = await rows<{ id: number }>(
            tx,
            sql`select id from product_signals where id = ${id}`,
          );
          if (!any) throw notFound('There is no such signal');
          throw conflict('This signal is cleared already');
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'signal.clear',
          targetType: 'product',
          targetId: done.product_id,
          before: { [done.kind]: 'open' },
          after: { [done.kind]: 'cleared' },
          note: note.trim(),
        });
      });
      return toItem((await rows<SignalRow>(db, sql`${SELECT} where g.id = ${id}`))[0]);
    },

    openCount: async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from product_signals where cleared_at is null`,
        )
      )[0].n,
  };
}
