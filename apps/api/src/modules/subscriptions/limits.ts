import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Audience, PlanRow } from './repository.ts';

/**
 * The plan limits, enforced on the server in the transaction that adds (decision 0014). Each
 * check locks the row that owns the count (the store, the user) before counting, so requests
 * adding at the same time queue on that lock and the count each one sees includes everything
 * committed before it: the limit holds under concurrency.
 */

/** The plan a user is on for an audience: their subscription's, else Free (no owner: Free). */
export async function planOf(db: Db, userId: string | null, audience: Audience): Promise<PlanRow> {
  const [p] = await rows<PlanRow>(
    db,
    sql`select p.id, p.audience, p.code, p.name, p.price_kobo, p.item_limit,
               p.rank_boost, p.position
        from subscription_plans p
        left join subscriptions s on s.user_id = ${userId} and s.plan_id = p.id
        where p.audience = ${audience} and (s.user_id is not null or p.code = 'free')
        order by (s.user_id is not null) desc limit 1`,
  );
  if (!p) throw new Error(`no ${audience} plans: migration 0011 inserts them`);
  return p;
}

export const SUBSCRIPTION_PAGES = {
  store: '/user/store/subscriptions',
  mechanic: '/user/workshop/subscriptions',
  towvan: '/user/garage/subscriptions',
} as const;

const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

/**
 * How many more products the store's plan lets it hold now, with the plan and the count. Locks
 * the store's row first (held until the transaction ends), so adds at the same time queue.
 */
export async function productRoom(tx: Db, storeId: number) {
  const [store] = await rows<{ owner_user_id: string | null }>(
    tx,
    sql`select owner_user_id from stores where id = ${storeId} for no key update`,
  );
  if (!store) throw notFound('No such store');
  const plan = await planOf(tx, store.owner_user_id, 'store');
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from products where store_id = ${storeId}`,
  );
  return { plan, count: n, room: Math.max(0, plan.item_limit - n) };
}

/** The words of a refusal: what the plan allows, what the store has, and where to upgrade. */
function planLimitMessage(r: Awaited<ReturnType<typeof productRoom>>, adding: number): string {
  const { plan, count: n, room } = r;
  const upgrade = `Upgrade your plan to add more: ${SUBSCRIPTION_PAGES.store}`;
  return adding === 1
    ? `Your ${plan.name} plan allows ${products(plan.item_limit)} and your store has ${products(n)}. ${upgrade}`
    : `These ${products(adding)} do not fit: your ${plan.name} plan allows ${products(plan.item_limit)}, your store has ${products(n)}, so ${products(room)} more can be added. ${upgrade}`;
}

/**
 * Refuses (409 PLAN_LIMIT, nothing stored) adding `adding` products to a store whose owner's
 * plan has no room for them. Call it inside the transaction that inserts the products, before
 * the insert: the product form does; the CSV import asks `productRoom` per batch and refuses
 * only the new rows that do not fit (rows updating a product by its SKU add nothing).
 */
export async function assertProductRoom(tx: Db, storeId: number, adding = 1): Promise<void> {
  const r = await productRoom(tx, storeId);
  if (adding <= r.room) return;
  throw new HttpError(409, planLimitMessage(r, adding), 'PLAN_LIMIT');
}

/**
 * A mechanic or tow van account runs one listing of its kind, on every plan: the listing form
 * makes the first and edits it after (decision 0031). Plans differ in placement, not in this.
 */
export const LISTINGS_PER_ACCOUNT = 1;

/**
 * Listings (workshops and garages): a mechanic or tow van runs at most one listing of their kind
 * (the plan's limit, never above LISTINGS_PER_ACCOUNT). Refuses (409 PLAN_LIMIT) adding one more;
 * the caller adds it in the same transaction. This is the check any path that creates or hands
 * over a listing must make.
 */
export async function assertListingRoom(
  tx: Db,
  userId: string,
  kind: 'mechanic' | 'towvan',
  adding = 1,
): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for no key update`);
  const plan = await planOf(tx, userId, 'provider');
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from service_providers where owner_user_id = ${userId} and kind = ${kind}`,
  );
  const limit = Math.min(plan.item_limit, LISTINGS_PER_ACCOUNT);
  if (n + adding <= limit) return;
  const noun = kind === 'mechanic' ? 'workshop' : 'garage';
  const many = (k: number) => `${k} ${noun}${k === 1 ? '' : 's'}`;
  throw new HttpError(
    409,
    limit === LISTINGS_PER_ACCOUNT
      ? `An account runs ${many(LISTINGS_PER_ACCOUNT)} on every plan and you run ${many(n)}. Another ${noun} needs its own account.`
      : `Your ${plan.name} plan allows ${many(limit)} and you run ${many(n)}. Upgrade your plan to add more: ${SUBSCRIPTION_PAGES[kind]}`,
    'PLAN_LIMIT',
  );
}
