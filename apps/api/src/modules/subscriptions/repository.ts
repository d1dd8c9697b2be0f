import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export type Audience = 'store' | 'provider';

export interface PlanRow {
  id: number;
  audience: Audience;
  code: string;
  name: string;
  price_kobo: number;
  item_limit: number;
  rank_boost: number;
  position: number;
}

export interface SubscriptionRow {
  user_id: string;
  plan_id: number;
  period_end: Date | null;
  next_plan_id: number | null;
}

const planCols = sql`id, audience, code, name, price_kobo, item_limit, rank_boost, position`;
const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export function subscriptionsRepository(db: Db) {
  return {
    async plans(audience: Audience): Promise<PlanRow[]> {
      return rows<PlanRow>(
        db,
        sql`select ${planCols} from subscription_plans where audience = ${audience} order by position, id`,
      );
    },

    async plan(id: number): Promise<PlanRow | undefined> {
      return (
        await rows<PlanRow>(db, sql`select ${planCols} from subscription_plans where id = ${id}`)
      )[0];
    },

    async planByCode(audience: Audience, code: string): Promise<PlanRow | undefined> {
      return (
        await rows<PlanRow>(
          db,
          sql`select ${planCols} from subscription_plans where audience = ${audience} and code = ${code}`,
        )
      )[0];
    },

    async find(userId: string): Promise<SubscriptionRow | undefined> {
      const [r] = await rows<SubscriptionRow>(
        db,
        sql`select user_id, plan_id, period_end, next_plan_id from subscriptions where user_id = ${userId}`,
      );
      return r && { ...r, period_end: asDate(r.period_end) };
    },

    /** The user's row, created on the Free plan when missing, locked until the transaction ends. */
    async lock(userId: string, freePlanId: number): Promise<SubscriptionRow> {
      await db.execute(
        sql`insert into subscriptions (user_id, plan_id) values (${userId}, ${freePlanId})
          on conflict (user_id) do nothing`,
      );
      const [r] = await rows<SubscriptionRow>(
        db,
        sql`select user_id, plan_id, period_end, next_plan_id from subscriptions
          where user_id = ${userId} for update`,
      );
      return { ...r, period_end: asDate(r.period_end) };
    },

    async save(
      userId: string,
      s: { planId: number; periodEnd: Date | null; nextPlanId: number | null },
    ) {
      await db.execute(
        sql`update subscriptions set plan_id = ${s.planId},
            period_end = ${s.periodEnd ? s.periodEnd.toISOString() : null}::timestamptz,
            next_plan_id = ${s.nextPlanId}, updated_at = now()
          where user_id = ${userId}`,
      );
    },

    /** Copies a plan's placement onto everything the user runs: stores, workshops, garages. */
    async setBoost(userId: string, audience: Audience, boost: number) {
      await db.execute(
        audience === 'store'
          ? sql`update stores set rank_boost = ${boost} where owner_user_id = ${userId} and rank_boost <> ${boost}`
          : sql`update service_providers set rank_boost = ${boost}
              where owner_user_id = ${userId} and rank_boost <> ${boost}`,
      );
    },

    /**
     * What counts against the limit: the products of the user's first store (the one their pages
     * show), or the workshops or garages they run.
     */
    async used(userId: string, page: 'store' | 'workshop' | 'garage'): Promise<number> {
      const [r] = await rows<{ n: number }>(
        db,
        page === 'store'
          ? sql`select count(*)::int as n from products where store_id = (
                select min(id) from stores where owner_user_id = ${userId})`
          : sql`select count(*)::int as n from service_providers
              where owner_user_id = ${userId} and kind = ${page === 'workshop' ? 'mechanic' : 'towvan'}`,
      );
      return r.n;
    },

    /** The user's e-mail, name and role, for mails and the page a payment returns to. */
    async person(userId: string) {
      return (
        await rows<{ email: string; name: string; role: string }>(
          db,
          sql`select email, name, role from users where id = ${userId}`,
        )
      )[0];
    },
  };
}
