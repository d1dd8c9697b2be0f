import { sql } from 'drizzle-orm';
import type { Db } from '@sf/db';

/**
 * Product page views, counted where pages are served (apps/api/src/web.ts) and written to the
 * daily counter table `product_views`. Each process adds up its views in memory and writes them
 * every FLUSH_MS in one statement, so a page view costs a map update, not a database write. A
 * process that dies loses at most its last few seconds of views: acceptable for a figure a
 * shop owner reads as a trend.
 */
const FLUSH_MS = 5_000;

/** The day in Lagos (UTC+1 all year): the day a Nigerian shop owner means. */
export function lagosDay(at = new Date()): string {
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
}

interface Counter {
  pending: Map<string, number>;
  timer: ReturnType<typeof setInterval> | null;
  flushing: Promise<void> | null;
}
const counters = new WeakMap<Db, Counter>();

function counterOf(db: Db): Counter {
  let c = counters.get(db);
  if (!c) counters.set(db, (c = { pending: new Map(), timer: null, flushing: null }));
  return c;
}

/** Counts one view of a product page (written at the next flush). */
export function countProductView(db: Db, productId: number, at = new Date()) {
  const c = counterOf(db);
  const key = `${productId}:${lagosDay(at)}`;
  c.pending.set(key, (c.pending.get(key) ?? 0) + 1);
  if (!c.timer) {
    c.timer = setInterval(() => void flushProductViews(db).catch(() => {}), FLUSH_MS);
    c.timer.unref();
  }
}

/**
 * Writes the views counted so far. Views of a product that no longer exists are dropped (the
 * insert reads the product's store, so it also guards the foreign key). A failed write puts its
 * views back for the next flush.
 */
export async function flushProductViews(db: Db): Promise<void> {
  const c = counters.get(db);
  if (!c) return;
  if (c.flushing) await c.flushing;
  if (c.pending.size === 0) return;
  const batch = c.pending;
  c.pending = new Map();
  const list = [...batch].map(([k, views]) => {
    const [id, day] = k.split(':');
    return { product_id: Number(id), day, views };
  });
  c.flushing = db
    .execute(
      sql`insert into product_views (product_id, store_id, day, views)
          select x.product_id, p.store_id, x.day, x.views
          from json_to_recordset(${JSON.stringify(list)}::json) as x(product_id int, day date, views int)
          join products p on p.prod_id = x.product_id
          order by x.product_id, x.day
          on conflict (product_id, day) do update set views = product_views.views + excluded.views`,
    )
    .then(
      () => undefined,
      (err: unknown) => {
        for (const [k, n] of batch) c.pending.set(k, (c.pending.get(k) ?? 0) + n);
        throw err;
      },
    )
    .finally(() => {
      c.flushing = null;
    });
  await c.flushing;
}

/** Stops the timer and writes what is left (the app is closing). */
export async function stopProductViews(db: Db) {
  const c = counters.get(db);
  if (!c) return;
  if (c.timer) clearInterval(c.timer);
  c.timer = null;
  await flushProductViews(db).catch(() => {});
}

const PRODUCT_PAGE = /^\/(?:product|item)\/(\d{1,9})(?:\.data)?$/;
// Link previews and crawlers fetch pages nobody reads.
const NOT_A_READER = /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|lighthouse/i;

/**
 * The product a served page shows, when it counts as a view: a GET of /product/{id} or
 * /item/{id} (or its page data) answered 200, not a prefetch (links prefetch on hover) and not
 * a known crawler.
 */
export function viewedProduct(
  method: string,
  url: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
): number | null {
  if (method !== 'GET' || status !== 200) return null;
  const m = PRODUCT_PAGE.exec(url.split('?')[0]);
  if (!m) return null;
  const purpose = String(headers['sec-purpose'] ?? headers['purpose'] ?? '');
  if (purpose.includes('prefetch')) return null;
  if (NOT_A_READER.test(String(headers['user-agent'] ?? ''))) return null;
  return Number(m[1]);
}
