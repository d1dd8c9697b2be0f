import type { Db } from '@sf/db';
import { badRequest, invalid, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { couponsRepository } from './repository.ts';
import { couponsService, toCouponView, type CouponInput } from './service.ts';
import { plural } from '@sf/shared';

/** What staff may change on a coupon after it exists (its code and discount stay as issued). */
export interface CouponPatch {
  active?: boolean;
  usageLimit?: number | null;
  perAccountLimit?: number | null;
  perPhoneLimit?: number | null;
  expiresAt?: string | null;
  minOrderKobo?: number;
  description?: string;
  note?: string;
}

/** Staff's coupon changes, each with its audit entry in the same transaction. */
export function adminCouponsService(db: Db) {
  return {
    create: (me: SessionUser, input: CouponInput & { note?: string }) =>
      transaction(db, async (tx) => {
        const { note, ...coupon } = input;
        const view = await couponsService(tx).create(coupon);
        await recordAudit(tx, {
          actorId: me.id,
          action: 'coupon.create',
          targetType: 'coupon',
          targetId: view.id,
          after: view,
          note,
        });
        return view;
      }),

    update: (me: SessionUser, id: number, patch: CouponPatch) =>
      transaction(db, async (tx) => {
        const repo = couponsRepository(tx);
        const cur = await repo.lock(id);
        if (!cur) throw notFound('No such coupon');
        const { note, ...p } = patch;
        if (Object.values(p).every((v) => v === undefined))
          throw badRequest(
            'Nothing to change: send at least one of active, usageLimit, perAccountLimit, perPhoneLimit, expiresAt, minOrderKobo or description',
          );
        // The row is locked: no use can be counted between this check and the update.
        if (p.usageLimit != null && p.usageLimit < cur.usedCount) {
          const m = `This coupon has been used ${plural(cur.usedCount, 'time')}: set a usage limit of at least ${cur.usedCount}, or none`;
          throw invalid(m, { usageLimit: m });
        }
        const set = {
          ...p,
          expiresAt:
            p.expiresAt === undefined ? undefined : p.expiresAt ? new Date(p.expiresAt) : null,
        };
        const row = await repo.update(id, set);
        const before = toCouponView(cur);
        const after = toCouponView(row);
        const diff = changedFields(before, after);
        if (Object.keys(diff.after).length)
          await recordAudit(tx, {
            actorId: me.id,
            action: 'coupon.update',
            targetType: 'coupon',
            targetId: id,
            ...diff,
            note,
          });
        return after;
      }),
  };
}
export type AdminCouponsService = ReturnType<typeof adminCouponsService>;
