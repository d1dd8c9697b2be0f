import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { formatKoboShort } from '@sf/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionUser } from '../../lib/session.ts';
import { claimContradicts, claimMatcher, medianFor, PRICE_RATIO, priceTooLow } from './rules.ts';
import {
  catalogueMaker,
  formatMaker,
  normPart,
  outsideFamily,
  USABLE_PART_SQL,
  usablePart,
  type Peer,
} from './partnumbers.ts';
import type { SignalItem, SignalList } from './types.ts';

/** What a buyer pays: the sale price when there is one below the price. */
const PAID = sql`(case when p.sales_kobo > 0 and p.sales_kobo < p.price_kobo then p.sales_kobo else p.price_kobo end)`;

interface Found {
  productId: number;
  kind: SignalKind;
  basis: string;
  detail: string;
}

type SignalKind = SignalItem['kind'];
/** A normalized part number that can group listings (see usablePart), as SQL. */
const USABLE = sql.raw(USABLE_PART_SQL('p.part_number_norm'));
/** At most this many other listings are judged again after one is created or edited. */
const PEERS_REJUDGED = 200;

/**
 * Judges the given products (all of them, or a store's, when `ids` is left out, in pages) and
 * writes what holds:
 * a signal that no longer holds goes; one staff cleared comes back only when what was judged
 * (its basis) changed. Answers how many signals are open among the products judged.
 *
 * Other listings of the same part numbers are judged again too (not counted): the
 * products judged may be the evidence, or move the median, that decides theirs. `formerParts`
 * are numbers the products had before an edit, whose listings may have lost their evidence.
 */
export async function checkSignals(
  db: Db,
  ids?: number[],
  storeId?: number,
  formerParts: (string | null)[] = [],
): Promise<number> {
  const makes = await rows<{ name: string }>(db, sql`select name from car_makes`);
  const claimOf = claimMatcher(makes.map((m) => m.name));
  if (ids) {
    if (!ids.length) return 0;
    const open = await judge(db, ids, claimOf);
    const former = formerParts.map((n) => normPart(n ?? '')).filter(usablePart);
    const peers = await rows<{ prod_id: number }>(
      db,
      sql`select p.prod_id from products p where (p.part_number_norm in (
          select p.part_number_norm from products p where p.prod_id in (${idList(ids)}) and ${USABLE})
          ${
            former.length
              ? sql`or p.part_number_norm in (${sql.join(
                  former.map((n) => sql`${n}`),
                  sql`, `,
                )})`
              : sql``
          })
        and p.prod_id not in (${idList(ids)}) order by p.prod_id desc limit ${PEERS_REJUDGED}`,
    );
    if (peers.length)
      await judge(
        db,
        peers.map((r) => r.prod_id),
        claimOf,
      );
    return open;
  }
  const open = await inPages(db, storeId ? sql`p.store_id = ${storeId}` : sql`true`, (page) =>
    judge(db, page, claimOf),
  );
  // After a store's import: every other store's listing of the numbers it lists.
  if (storeId)
    await inPages(
      db,
      sql`p.store_id <> ${storeId} and p.part_number_norm in (
        select p.part_number_norm from products p where p.store_id = ${storeId} and ${USABLE})`,
      (page) => judge(db, page, claimOf),
    );
  return open;
}

/** Runs `fn` over the products matching `where` (alias p), 1000 at a time; sums its answers. */
async function inPages(db: Db, where: SQL, fn: (ids: number[]) => Promise<number>) {
  let n = 0;
  for (let after = 0; ;) {
    const page = await rows<{ prod_id: number }>(
      db,
      sql`select p.prod_id from products p where p.prod_id > ${after} and ${where}
        order by p.prod_id limit 1000`,
    );
    if (!page.length) return n;
    n += await fn(page.map((p) => p.prod_id));
    after = page[page.length - 1].prod_id;
  }
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function judge(db: Db, ids: number[], claimOf: (text: string) => string | null) {
  const list = idList(ids);
  const products = await rows<{
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
  }>(
    db,
    sql`with p as (select * from products p where p.prod_id in (${list})),
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
  );
  const peersOf = await partPeers(
    db,
    products.filter((p) => p.makes?.length && usablePart(p.pn)).map((p) => p.pn),
  );
  const found: Found[] = [];
  for (const p of products) {
    const claimed = claimOf(p.text);
    const makes = [...(p.makes ?? [])].sort();
    if (claimed && claimContradicts(claimed, makes))
      found.push({
        productId: p.prod_id,
        kind: 'make_mismatch',
        basis: `${claimed}|${makes.join(',')}`,
        detail: `Says genuine ${claimed}, but fits ${makes.join(', ')}`,
      });
    const peers = (peersOf.get(p.pn) ?? []).filter((q) => q.storeId !== p.store_id);
    const number = partNumberSignal(p.prod_id, p.part_number, p.pn, makes, peers);
    if (number) found.push(number);
    const m = medianFor(
      { median: p.pn_median, listings: p.pn_listings },
      { median: p.median, listings: p.listings },
    );
    if (p.active && priceTooLow(Number(p.paid), m.median, m.listings))
      found.push({
        productId: p.prod_id,
        kind: 'low_price',
        basis: String(p.paid),
        detail: `${formatKoboShort(Number(p.paid))} is under ${PRICE_RATIO * 100}% of the median ${formatKoboShort(
          Math.round(m.median!),
        )} of ${
          m.by === 'part' ? `part number ${p.part_number}` : "the category's listings"
        } (${m.listings} listings)`,
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

type StorePeer = Peer & { storeId: number };

/**
 * Active listings with fitment data, by normalized part number (one query per page). A store's
 * own listings are never evidence about its listing, for or against: a seller could otherwise
 * list a number twice to vouch for it.
 */
async function partPeers(db: Db, pns: string[]) {
  const by = new Map<string, StorePeer[]>();
  if (!pns.length) return by;
  const found = await rows<{ pn: string; store_id: number; verified: boolean; makes: string[] }>(
    db,
    sql`select p.part_number_norm as pn, p.store_id, st.verified, array_agg(distinct mk.name) as makes
      from products p join stores st on st.id = p.store_id
      join product_fitments f on f.product_id = p.prod_id join car_makes mk on mk.id = f.make_id
      where p.active and p.part_number_norm in (${sql.join(
        [...new Set(pns)].map((n) => sql`${n}`),
        sql`, `,
      )})
      group by p.part_number_norm, p.prod_id, p.store_id, st.verified`,
  );
  for (const r of found)
    by.set(r.pn, [
      ...(by.get(r.pn) ?? []),
      { storeId: r.store_id, verified: r.verified, makes: r.makes },
    ]);
  return by;
}

/**
 * The part-number signal: the number's format names a maker family (that decides, the catalogue
 * is not asked), or else other stores' listings of the number name one; either way none of the listing's
 * makes is in it. No fitment data or no usable number: nothing is judged.
 */
function partNumberSignal(
  productId: number,
  typed: string | null,
  pn: string,
  makes: string[],
  peers: Peer[],
): Found | null {
  if (!typed || !makes.length || !usablePart(pn)) return null;
  const fits = makes.join(', ');
  const format = formatMaker(typed);
  if (format)
    return outsideFamily(format.make, makes)
      ? {
          productId,
          kind: 'part_number_mismatch',
          basis: `format|${format.make}|${pn}|${makes.join(',')}`,
          detail: `Part number ${typed} is a ${format.make} number (${format.why}), but fits ${fits}`,
        }
      : null;
  const seen = catalogueMaker(peers, makes);
  if (!seen) return null;
  return {
    productId,
    kind: 'part_number_mismatch',
    basis: `catalogue|${seen.makes.join(',')}|${pn}|${makes.join(',')}`,
    detail: `Part number ${typed} is listed elsewhere for ${seen.makes.join(', ')} only (${
      seen.listings
    } other listing${seen.listings === 1 ? ', from a verified store' : 's'}), but this fits ${fits}`,
  };
}

interface SignalRow {
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
