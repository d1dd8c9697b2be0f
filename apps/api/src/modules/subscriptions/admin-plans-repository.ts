import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { PlanRow } from './repository.ts';

// The staff side of the plans: every plan with its subscribers, and its changes.

const planCols = sql`p.id, p.audience, p.code, p.name, p.price_kobo::bigint as price_kobo, p.item_limit,
  p.rank_boost, p.position,
  (select count(*)::int from subscriptions s where s.plan_id = p.id and s.period_end > now()) as subscribers`;

export type AdminPlanRow = PlanRow & { subscribers: number };

export interface PlanChange {
  name?: string;
  priceKobo?: number;
  itemLimit?: number;
  rankBoost?: number;
}

export function adminPlansRepository(db: Db) {
  return {
    list: () =>
      rows<AdminPlanRow>(
        db,
        sql`select ${planCols} from subscription_plans p order by p.audience desc, p.position, p.id`,
      ),

    /** The plan, locked for the rest of the transaction. */
    lock: async (id: number): Promise<AdminPlanRow | undefined> =>
      (
        await rows<AdminPlanRow>(
          db,
          sql`select ${planCols} from subscription_plans p where p.id = ${id} for update`,
        )
      )[0],

    /** Changes what is given (a blank name keeps the old one) and answers the plan as it is now. */
    update: async (id: number, p: PlanChange): Promise<AdminPlanRow> =>
      (
        await rows<AdminPlanRow>(
          db,
          sql`update subscription_plans p set
              name = coalesce(${p.name?.trim() || null}, p.name),
              price_kobo = coalesce(${p.priceKobo ?? null}::bigint, p.price_kobo),
              item_limit = coalesce(${p.itemLimit ?? null}::int, p.item_limit),
              rank_boost = coalesce(${p.rankBoost ?? null}::int, p.rank_boost)
            where p.id = ${id} returning ${planCols}`,
        )
      )[0],

    /**
     * Copies a plan's placement onto the stores or providers its subscribers run: the Free
     * plan's onto those whose owners have no paid plan running.
     */
    copyRankBoost: (plan: AdminPlanRow, rankBoost: number) => {
      const table = plan.audience === 'store' ? sql`stores` : sql`service_providers`;
      const paid = sql`select s.user_id from subscriptions s join subscription_plans sp on sp.id = s.plan_id
                         where s.period_end > now() and sp.price_kobo > 0`;
      return db.execute(
        plan.code === 'free'
          ? sql`update ${table} set rank_boost = ${rankBoost}
                  where owner_user_id is not null and owner_user_id not in (${paid})`
          : sql`update ${table} set rank_boost = ${rankBoost}
                  where owner_user_id in (select user_id from subscriptions
                                          where plan_id = ${plan.id} and period_end > now())`,
      );
    },
  };
}
