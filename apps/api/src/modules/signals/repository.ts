import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { transaction } from '../../lib/tx.ts';
import { USABLE_PART_SQL } from './partnumbers.ts';
import type { SignalItem } from './types.ts';

type SignalKind = SignalItem['kind'];

/** What a buyer pays: the sale price when there is one below the price. */
const PAID = sql`(case when p.sales_kobo > 0 and p.sales_kobo < p.price_kobo then p.sales_kobo else p.price_kobo end)`;
/** A normalized part number that can group listings (see usablePart), as SQL. */
const USABLE = sql.raw(USABLE_PART_SQL('p.part_number_norm'));

const list = (xs: (number | string)[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/**
 * Which products a run judges, page by page: all of them, a store's, or (after a store's
 * import) every other store's listing of the usable part numbers the store lists.
 */
export type ProductScope =
  { all: true } | { store: number } | { peersOf: { store: number; partNumbers: string[] } };

// The peers' part numbers are read once and passed as a list: as a subquery beside `prod_id >`
// and the page's ORDER BY … LIMIT, a planner without fresh statistics (right after an import of
// 10,000 rows) chose to walk the products in order and re-read the store's listings, their
// regular expressions included, for each: 65 s for one page of an import's run.
const whereOf = (s: ProductScope): SQL =>
  'store' in s
    ? sql`p.store_id = ${s.store}`
    : 'peersOf' in s
      ? sql`p.store_id <> ${s.peersOf.store} and p.part_number_norm in (
        select json_array_elements_text(${JSON.stringify(s.peersOf.partNumbers)}::json))`
      : sql`true`;

/** A product as judged: its text, price paid, part number and the medians it is held to. */
export interface JudgedRow {
  prod_id: number;
  store_id: number;
  text: string;
  active: boolean;
  paid: number;
  part_number: string | null;
  pn: string;
  makes: string[] | null;
  median: number | null;
  listings: number;
  pn_median: number | null;
  pn_listings: number;
}

/** A signal found by the judge, to be written. */
export interface FoundSignal {
  productId: number;
  kind: SignalKind;
  basis: string;
  detail: string;
}

export interface SignalRow {
  id: number;
  product_id: number;
  product_name: string;
  store_name: string;
  store_url: string;
  kind: SignalKind;
  detail: string;
  active: boolean;
  created_at: Date;
  cleared_at: Date | null;
}

const SELECT = sql`select g.id, g.product_id, p.name as product_name, st.name as store_name, st.url_name as store_url,
  g.kind, g.detail, p.active, g.created_at, g.cleared_at
  from product_signals g join products p on p.prod_id = g.product_id join stores st on st.id = p.store_id`;

/** The listing signals' SQL: the products judged, their evidence, and the signals written. */
export const signalsRepository = (db: Db) => ({
  makeNames: async () =>
    (await rows<{ name: string }>(db, sql`select name from car_makes`)).map((m) => m.name),

  /**
   * Other listings (newest first, at most `limit`) of the usable part numbers the products
   * have, or of the `former` numbers they had.
   */
  peersOf: async (ids: number[], former: string[], limit: number) =>
    (
      await rows<{ prod_id: number }>(
        db,
        sql`select p.prod_id from products p where (p.part_number_norm in (
          select p.part_number_norm from products p where p.prod_id in (${list(ids)}) and ${USABLE})
          ${former.length ? sql`or p.part_number_norm in (${list(former)})` : sql``})
        and p.prod_id not in (${list(ids)}) order by p.prod_id desc limit ${limit}`,
      )
    ).map((r) => r.prod_id),

  /** The usable part numbers a store lists, each once. */
  usablePartNumbers: async (storeId: number) =>
    (
      await rows<{ pn: string }>(
        db,
        sql`select distinct p.part_number_norm as pn from products p where p.store_id = ${storeId} and ${USABLE}`,
      )
    ).map((r) => r.pn),

  /** The next 1000 products of the scope after `after`, by id. */
  page: async (scope: ProductScope, after: number) =>
    (
      await rows<{ prod_id: number }>(
        db,
        sql`select p.prod_id from products p where p.prod_id > ${after} and ${whereOf(scope)}
        order by p.prod_id limit 1000`,
      )
    ).map((p) => p.prod_id),

  /** The products to judge, each with its category's and part number's active medians. */
  judged: (ids: number[]) =>
    rows<JudgedRow>(
      db,
      sql`with p as (select * from products p where p.prod_id in (${list(ids)})),
      cats as (select p.cat_id, percentile_cont(0.5) within group (order by ${PAID})::float as median, count(*)::int as listings
        from products p where p.active and p.cat_id in (select distinct cat_id from p) group by p.cat_id),
      pns as (select p.part_number_norm, percentile_cont(0.5) within group (order by ${PAID})::float as median, count(*)::int as listings
        from products p where p.active and p.part_number_norm in (select part_number_norm from p where ${USABLE})
        group by p.part_number_norm)
      select p.prod_id, p.store_id, p.name || ' ' || p.title || ' ' || left(p.description, 2000) as text, p.active,
        ${PAID}::float as paid, c.median, coalesce(c.listings, 0) as listings,
        p.part_number, p.part_number_norm as pn, n.median as pn_median, coalesce(n.listings, 0) as pn_listings,
        (select array_agg(distinct mk.name) from product_fitments f join car_makes mk on mk.id = f.make_id
          where f.product_id = p.prod_id) as makes
      from p left join cats c on c.cat_id = p.cat_id left join pns n on n.part_number_norm = p.part_number_norm`,
    ),

  /** Active listings with fitment data of these part numbers: one row per listing. */
  partPeers: (pns: string[]) =>
    rows<{ pn: string; store_id: number; verified: boolean; makes: string[] }>(
      db,
      sql`select p.part_number_norm as pn, p.store_id, st.verified, array_agg(distinct mk.name) as makes
      from products p join stores st on st.id = p.store_id
      join product_fitments f on f.product_id = p.prod_id join car_makes mk on mk.id = f.make_id
      where p.active and p.part_number_norm in (${list(pns)})
      group by p.part_number_norm, p.prod_id, p.store_id, st.verified`,
    ),

  /**
   * The products' signals become `found`, in one transaction: the others go (cleared or not);
   * one whose basis is unchanged keeps its clearing and age.
   */
  replace: (ids: number[], found: FoundSignal[]) =>
    transaction(db, async (tx) => {
      const keep = found.map((f) => sql`(${f.productId}::int, ${f.kind}::text)`);
      await tx.execute(
        sql`delete from product_signals where product_id in (${list(ids)})
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
    }),

  /** How many of the products' signals are open. */
  openAmong: async (ids: number[]) =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from product_signals where product_id in (${list(ids)}) and cleared_at is null`,
      )
    )[0].n,

  /** Open (or cleared) signals, newest first, 50 a page. */
  list: (cleared: boolean, lastId?: number) =>
    rows<SignalRow>(
      db,
      sql`${SELECT} where ${cleared ? sql`g.cleared_at is not null` : sql`g.cleared_at is null`}
          ${lastId ? sql`and g.id < ${lastId}` : sql``} order by g.id desc limit 50`,
    ),
  one: async (id: number) => (await rows<SignalRow>(db, sql`${SELECT} where g.id = ${id}`))[0],
  exists: async (id: number) =>
    (await rows<{ id: number }>(db, sql`select id from product_signals where id = ${id}`)).length >
    0,
  /** Clears an open signal (atomic); undefined when there is none open with that id. */
  clear: async (id: number, adminId: string) =>
    (
      await rows<{ product_id: number; kind: string }>(
        db,
        sql`update product_signals set cleared_at = now(), cleared_by = ${adminId}
            where id = ${id} and cleared_at is null returning product_id, kind`,
      )
    )[0],
  openCount: async () =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from product_signals where cleared_at is null`,
      )
    )[0].n,
});
