import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  adminPlansRepository,
  type AdminPlanRow,
  type PlanChange,
} from './admin-plans-repository.ts';
import type { AdminPlanItem } from './types.ts';

// Staff edit the plans (decision 0014 describes them): name, price, limit and placement.

export type PlanPatch = PlanChange & { note?: string };

const toItem = (p: AdminPlanRow): AdminPlanItem => ({
  id: p.id,
  audience: p.audience,
  code: p.code,
  name: p.name,
  priceKobo: Number(p.price_kobo),
  itemLimit: p.item_limit,
  rankBoost: p.rank_boost,
  subscribers: Number(p.subscribers),
});

export function adminPlansService(db: Db) {
  return {
    async list() {
      return (await adminPlansRepository(db).list()).map(toItem);
    },

    /**
     * A new price applies to the next payment; a new limit at once (checked when an item is
     * added); a new placement is copied at once onto what the plan's subscribers run, as a
     * payment would (the Free plan's onto what users without a paid plan run).
     */
    update: (me: SessionUser, id: number, patch: PlanPatch) =>
      transaction(db, async (tx) => {
        const repo = adminPlansRepository(tx);
        const cur = await repo.lock(id);
        if (!cur) throw notFound('No such plan');
        const { note, ...p } = patch;
        const row = await repo.update(id, p);
        if (row.rank_boost !== cur.rank_boost) await repo.copyRankBoost(cur, row.rank_boost);
        const diff = changedFields(toItem(cur), toItem(row));
        if (Object.keys(diff.after).length)
          await recordAudit(tx, {
            actorId: me.id,
            action: 'plan.update',
            targetType: 'plan',
            targetId: id,
            ...diff,
            note,
          });
        return toItem(row);
      }),
  };
}

export type AdminPlansService = ReturnType<typeof adminPlansService>;
