import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { ListRow } from '../catalog/repository.ts';

export type AlertKind = 'search' | 'price';

export interface AlertRow {
  id: string;
  user_id: string;
  kind: AlertKind;
  label: string;
  words: string | null;
  cat_id: number | null;
  make_id: number | null;
  model_id: number | null;
  year: number | null;
  state_id: number | null;
  city_id: number | null;
  condition: number | null;
  product_id: number | null;
  saved_price_kobo: number | string | null;
  target_kobo: number | string | null;
  notified_kobo: number | string | null;
  paused_at: Date | string | null;
  created_at: Date | string;
}

/** An alert as the user's list shows it: how much it found lately, and its product's price. */
export interface AlertListRow extends AlertRow {
  matches: number;
  last_match_at: Date | string | null;
  current_price_kobo: number | string | null;
}

export interface NewAlert {
  userId: string;
  kind: AlertKind;
  key: string;
  label: string;
  words?: string | null;
  catId?: number | null;
  makeId?: number | null;
  modelId?: number | null;
  year?: number | null;
  stateId?: number | null;
  cityId?: number | null;
  condition?: number | null;
  productId?: number | null;
  savedPriceKobo?: number | null;
  targetKobo?: number | null;
}

export type InsertResult = { id: string } | 'full' | 'duplicate';

/** A product that was just written, as the matching job reads it. */
export interface WrittenProduct {
  prod_id: number;
  name: string;
  owner_user_id: string | null;
  cat_id: number;
  top_cat_id: number;
  state_id: number;
  city_id: number;
  condition: number;
  price_kobo: number | string;
  created_at: Date | string;
}

/** A match waiting for its notice. */
export interface PendingRow {
  alert_id: string;
  product_id: number;
  price_kobo: number | string;
  matched_at: Date | string;
  kind: AlertKind;
  label: string;
  saved_price_kobo: number | string | null;
  product_name: string;
  /** False: the alert is paused or the product is off sale; the match is dropped unsent. */
  live: boolean;
}

const LIST_COLUMNS = sql`a.id, a.user_id, a.kind, a.label, a.words, a.cat_id, a.make_id, a.model_id, a.year,
  a.state_id, a.city_id, a.condition, a.product_id, a.saved_price_kobo, a.target_kobo, a.notified_kobo,
  a.paused_at, a.created_at`;

/** A product's price a buyer pays today: the sale price when there is one. */
const PRICE = sql`coalesce(p.sales_kobo, p.price_kobo)`;

const intList = (xs: number[]) => sql.raw(xs.map((x) => String(Math.trunc(x))).join(',') || 'null');

export const alertsRepository = (db: Db) => ({
  /** Names for a saved search's label; a missing one means the id is unknown (or not of its parent). */
  async names(f: {
    catId?: number;
    makeId?: number;
    modelId?: number;
    stateId?: number;
    cityId?: number;
  }) {
    const [r] = await rows<{
      category: string | null;
      make: string | null;
      model: string | null;
      model_make_id: number | null;
      state: string | null;
      city: string | null;
      city_state_id: number | null;
    }>(
      db,
      sql`select (select name from categories where cat_id = ${f.catId ?? null}::int) as category,
        (select name from car_makes where id = ${f.makeId ?? null}::int) as make,
        (select name from car_models where id = ${f.modelId ?? null}::int) as model,
        (select make_id from car_models where id = ${f.modelId ?? null}::int) as model_make_id,
        (select name from states where id = ${f.stateId ?? null}::int) as state,
        (select name from cities where id = ${f.cityId ?? null}::int) as city,
        (select state_id from cities where id = ${f.cityId ?? null}::int) as city_state_id`,
    );
    return r;
  },

  /** An active product with the price a buyer pays today and its store's owner. */
  async product(prodId: number) {
    const [r] = await rows<{
      prod_id: number;
      name: string;
      price_kobo: number | string;
      owner_user_id: string | null;
    }>(
      db,
      sql`select p.prod_id, p.name, ${PRICE} as price_kobo, st.owner_user_id
          from products p join stores st on st.id = p.store_id
          where p.prod_id = ${prodId} and p.active`,
    );
    return r;
  },

  /**
   * Adds the alert unless the user keeps `max` of its kind or already has the same one. The
   * user's row is locked first, so a second save of the same user waits and then counts the
   * first one's alert; the unique (user, key) index keeps one of two identical alerts.
   */
  insert: (a: NewAlert, max: number): Promise<InsertResult> =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.execute(sql`select 1 from users where id = ${a.userId} for no key update`);
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into alerts (user_id, kind, key, label, words, cat_id, make_id, model_id, year,
              state_id, city_id, condition, product_id, saved_price_kobo, target_kobo)
            select ${a.userId}::uuid, ${a.kind}, ${a.key}, ${a.label}, ${a.words ?? null}::text,
              ${a.catId ?? null}::int, ${a.makeId ?? null}::int, ${a.modelId ?? null}::int,
              ${a.year ?? null}::int, ${a.stateId ?? null}::int, ${a.cityId ?? null}::int,
              ${a.condition ?? null}::smallint, ${a.productId ?? null}::int,
              ${a.savedPriceKobo ?? null}::bigint, ${a.targetKobo ?? null}::bigint
            where (select count(*) from alerts where user_id = ${a.userId}::uuid and kind = ${a.kind}) < ${max}
            on conflict (user_id, key) do nothing
            returning id`,
      );
      if (row) return { id: row.id };
      const [d] = await rows<{ dup: boolean }>(
        tx,
        sql`select exists (select 1 from alerts where user_id = ${a.userId}::uuid and key = ${a.key}) as dup`,
      );
      return d.dup ? 'duplicate' : 'full';
    }),

  /** The user's alerts, newest first (one of them with `id`). */
  list: (userId: string, id?: string) =>
    rows<AlertListRow>(
      db,
      sql`select ${LIST_COLUMNS},
          (select count(*)::int from alert_matches m where m.alert_id = a.id
             and m.matched_at > now() - interval '30 days') as matches,
          (select max(m.matched_at) from alert_matches m where m.alert_id = a.id) as last_match_at,
          (select ${PRICE} from products p where p.prod_id = a.product_id and p.active) as current_price_kobo
        from alerts a where a.user_id = ${userId}::uuid ${id ? sql`and a.id = ${id}::uuid` : sql``}
        order by a.created_at desc, a.id`,
    ),

  /** Pauses or resumes; false when the user has no such alert. */
  async setPaused(userId: string, id: string, paused: boolean) {
    const r = await rows<{ id: string }>(
      db,
      sql`update alerts set paused_at = ${paused ? sql`coalesce(paused_at, now())` : sql`null`}
          where id = ${id}::uuid and user_id = ${userId}::uuid returning id`,
    );
    return r.length > 0;
  },

  /** A new target re-arms the alert: the next price under it is told, even one told before. */
  async setTarget(userId: string, id: string, targetKobo: number | null) {
    const r = await rows<{ id: string }>(
      db,
      sql`update alerts set target_kobo = ${targetKobo}::bigint, notified_kobo = null
          where id = ${id}::uuid and user_id = ${userId}::uuid and kind = 'price' returning id`,
    );
    return r.length > 0;
  },

  async remove(userId: string, id: string) {
    const r = await rows<{ id: string }>(
      db,
      sql`delete from alerts where id = ${id}::uuid and user_id = ${userId}::uuid returning id`,
    );
    return r.length > 0;
  },

  /** The parts an alert found, newest first, as list rows (at most 50). */
  matchedProducts: (alertId: string) =>
    rows<ListRow>(
      db,
      sql`select p.prod_id, null::float8 as score, p.name, p.title, left(p.description, 200) as description,
          p.price_kobo, p.sales_kobo, p.condition, st.name as store_name, st.url_name, st.verified,
          c.name as city, sa.name as state, i.key as image_key, i.width as image_width,
          i.height as image_height, i.placeholder
        from alert_matches m join products p on p.prod_id = m.product_id and p.active
          join stores st on st.id = p.store_id join cities c on c.id = st.city_id
          join states sa on sa.id = st.state_id
          left join product_images i on i.product_id = p.prod_id and i.position = 0
        where m.alert_id = ${alertId}::uuid
        order by m.matched_at desc, p.prod_id desc limit 50`,
    ),

  // ---- Matching (the alerts.match job) ----

  /** The products just written that are on sale, with their store's owner. */
  written: (prodIds: number[]) =>
    rows<WrittenProduct>(
      db,
      sql`select p.prod_id, p.name, st.owner_user_id, p.cat_id, p.top_cat_id, p.state_id, p.city_id,
          p.condition, ${PRICE} as price_kobo, p.created_at
        from products p join stores st on st.id = p.store_id
        where p.prod_id in (${intList(prodIds)}) and p.active`,
    ),

  /**
   * Saved searches that could match some of these products: active, saved before the newest of
   * them was listed, and whose place, category and condition allow one of them. The catalogue
   * decides the rest (words and fitment).
   */
  candidateSearches: (ps: WrittenProduct[]) => {
    const uniq = (xs: number[]) => [...new Set(xs)];
    const newest = ps.reduce(
      (m, p) => Math.max(m, new Date(p.created_at).getTime()),
      Number.NEGATIVE_INFINITY,
    );
    return rows<AlertRow>(
      db,
      sql`select ${LIST_COLUMNS} from alerts a
        where a.kind = 'search' and a.paused_at is null
          and a.created_at <= ${new Date(newest).toISOString()}::timestamptz
          and (a.state_id is null or a.state_id in (${intList(uniq(ps.map((p) => p.state_id)))}))
          and (a.city_id is null or a.city_id in (${intList(uniq(ps.map((p) => p.city_id)))}))
          and (a.cat_id is null or a.cat_id in (${intList(uniq(ps.flatMap((p) => [p.cat_id, p.top_cat_id])))}))
          and (a.condition is null or a.condition in (${intList(uniq(ps.map((p) => p.condition)))}))
        order by a.created_at, a.id`,
    );
  },

  /** Records what a saved search found; answers the products it had not found before. */
  async addMatches(alertId: string, found: { prodId: number; priceKobo: number }[]) {
    if (found.length === 0) return [];
    const r = await rows<{ product_id: number }>(
      db,
      sql`insert into alert_matches (alert_id, product_id, price_kobo)
          select ${alertId}::uuid, x.product_id, x.price_kobo
          from json_to_recordset(${JSON.stringify(
            found.map((f) => ({ product_id: f.prodId, price_kobo: f.priceKobo })),
          )}::json) as x(product_id int, price_kobo bigint)
          on conflict (alert_id, product_id) do nothing
          returning product_id`,
    );
    return r.map((x) => Number(x.product_id));
  },

  /**
   * Price alerts of these products, in one statement: an alert whose product now costs less than
   * its target (or than the price when it was saved), and less than the price it last told, fires
   * once (its notified price moves down to today's, so the same drop never fires again, however
   * often the product is written or however many jobs run at once); one whose product is back at
   * or above that price is re-armed. Never for the user's own store. Answers the users told.
   * (PostgreSQL runs every data-modifying part of a WITH to completion, read or not.)
   */
  async priceDrops(prodIds: number[]) {
    const r = await rows<{ user_id: string }>(
      db,
      sql`with cur as (
            select p.prod_id, ${PRICE} as price, st.owner_user_id from products p
            join stores st on st.id = p.store_id where p.prod_id in (${intList(prodIds)}) and p.active),
          rearmed as (
            update alerts a set notified_kobo = null from cur
            where a.kind = 'price' and a.product_id = cur.prod_id and a.notified_kobo is not null
              and cur.price >= coalesce(a.target_kobo, a.saved_price_kobo)
            returning a.id),
          fired as (
            update alerts a set notified_kobo = cur.price from cur
            where a.kind = 'price' and a.product_id = cur.prod_id and a.paused_at is null
              and a.user_id is distinct from cur.owner_user_id
              and cur.price < coalesce(a.target_kobo, a.saved_price_kobo)
              and (a.notified_kobo is null or cur.price < a.notified_kobo)
            returning a.id, a.user_id, a.product_id, cur.price),
          told as (
            insert into alert_matches (alert_id, product_id, price_kobo)
            select id, product_id, price from fired
            on conflict (alert_id, product_id) do update set price_kobo = excluded.price_kobo,
              matched_at = now(), notified_at = null
            returning alert_id)
        select distinct f.user_id from fired f`,
    );
    return r.map((x) => x.user_id);
  },

  // ---- Delivery ----

  /** Users with matches waiting for a notice (the hourly delivery). */
  waitingUsers: (limit: number) =>
    rows<{ user_id: string }>(
      db,
      sql`select distinct a.user_id from alert_matches m join alerts a on a.id = m.alert_id
          where m.notified_at is null limit ${limit}`,
    ).then((r) => r.map((x) => x.user_id)),

  /** Locks the user's alert delivery (one at a time per user); `tx` must be a transaction. */
  lockUser: (tx: Db, userId: string) =>
    tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`),

  /** Alert notices the user got since the start of today in Lagos (UTC+1, no summer time). */
  async noticesToday(tx: Db, userId: string) {
    const [r] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from notifications
          where user_id = ${userId}::uuid and type like 'alert.%'
            and created_at >= (date_trunc('day', (now() at time zone 'UTC') + interval '1 hour')
                               - interval '1 hour') at time zone 'UTC'`,
    );
    return Number(r.n);
  },

  pending: (tx: Db, userId: string) =>
    rows<PendingRow>(
      tx,
      sql`select m.alert_id, m.product_id, m.price_kobo, m.matched_at, a.kind, a.label,
          a.saved_price_kobo, p.name as product_name, (a.paused_at is null and p.active) as live
        from alert_matches m join alerts a on a.id = m.alert_id
          join products p on p.prod_id = m.product_id
        where a.user_id = ${userId}::uuid and m.notified_at is null
        order by m.matched_at, m.product_id`,
    ),

  /** Marks these matches told (or dropped); only those still waiting. */
  async markNotified(tx: Db, list: { alertId: string; productId: number }[]) {
    if (list.length === 0) return;
    await tx.execute(
      sql`update alert_matches m set notified_at = now()
          from json_to_recordset(${JSON.stringify(
            list.map((x) => ({ alert_id: x.alertId, product_id: x.productId })),
          )}::json) as x(alert_id uuid, product_id int)
          where m.alert_id = x.alert_id and m.product_id = x.product_id and m.notified_at is null`,
    );
  },
});
