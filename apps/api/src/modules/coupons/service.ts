import type { Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { HttpError } from '../../lib/errors.ts';
import type { PriceCoupon } from '../checkout/pricing.ts';
import type { CouponView } from './types.ts';
import { checkPersonalLimits, recordUse, type CouponUser } from './limits.ts';
import { couponsRepository, type CouponRow } from './repository.ts';

export type { CouponRow };

export const normaliseCode = (code: string) => code.trim().toUpperCase();

const couponError = (message: string) =>
  new HttpError(409, message, 'COUPON_INVALID', { couponCode: message });

export function couponsService(db: Db) {
  const repo = couponsRepository(db);

  /**
   * Takes one use of the coupon in the checkout's transaction (`db` is it): one conditional
   * update, so the usage limit holds however many checkouts run at once (the row lock queues them).
   */
  async function redeem(couponId: number, code: string): Promise<void> {
    if (!(await repo.redeem(couponId))) throw couponError(`Coupon ${code} has been used up`);
  }

  return {
    find: (code: string): Promise<CouponRow | undefined> => repo.find(normaliseCode(code)),

    /**
     * The coupon a buyer typed, checked for what does not depend on the cart (exists, active,
     * not expired, not used up, and, given the buyer, not used up by their account or phone);
     * throws a message for the coupon box otherwise.
     */
    async usable(
      code: string,
      who?: CouponUser,
      now = new Date(),
    ): Promise<PriceCoupon & { row: CouponRow }> {
      const c = await repo.find(normaliseCode(code));
      const shown = normaliseCode(code);
      if (!c || !c.active) throw couponError(`Coupon ${shown} does not exist`);
      if (c.expiresAt && c.expiresAt.getTime() <= now.getTime())
        throw couponError(`Coupon ${shown} expired on ${c.expiresAt.toISOString().slice(0, 10)}`);
      if (c.usageLimit !== null && c.usedCount >= c.usageLimit)
        throw couponError(`Coupon ${shown} has been used up`);
      if (who) await checkPersonalLimits(db, c, who);
      return {
        id: c.id,
        code: c.code,
        kind: c.kind as 'percent' | 'fixed',
        value: Number(c.value),
        minOrderKobo: Number(c.minOrderKobo),
        storeId: c.storeId,
        row: c,
      };
    },

    redeem,

    /**
     * A checkout's use of a coupon, in its transaction (`db` is it): the use is taken first (the
     * coupon's row lock queues every checkout using this coupon), so the per-account and
     * per-phone counts read after it include every use committed before, however many
     * checkouts run at once.
     */
    async take(
      c: CouponRow,
      who: CouponUser,
      use: { checkoutId: string; discountKobo: number },
    ): Promise<void> {
      await redeem(c.id, c.code);
      await checkPersonalLimits(db, c, who);
      await recordUse(db, { couponId: c.id, ...use }, who);
    },

    async list(storeId?: number | null): Promise<CouponView[]> {
      return (await repo.list(storeId)).map(toCouponView);
    },

    async create(input: CouponInput): Promise<CouponView> {
      const code = normaliseCode(input.code);
      if (!/^[A-Z0-9_-]{3,30}$/.test(code))
        throw new HttpError(400, 'A code has 3 to 30 letters, digits, - or _', 'VALIDATION', {
          code: 'A code has 3 to 30 letters, digits, - or _',
        });
      if (input.kind === 'percent' && (input.value < 1 || input.value > 100))
        throw new HttpError(400, 'A percentage is from 1 to 100', 'VALIDATION', {
          value: 'A percentage is from 1 to 100',
        });
      if (input.kind === 'fixed' && input.value < 100)
        throw new HttpError(400, 'A fixed discount is at least ₦1 (100 kobo)', 'VALIDATION', {
          value: 'A fixed discount is at least ₦1',
        });
      const row = await repo.insert({
        code,
        kind: input.kind,
        value: input.value,
        minOrderKobo: input.minOrderKobo ?? 0,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        usageLimit: input.usageLimit ?? null,
        perAccountLimit: input.perAccountLimit ?? null,
        perPhoneLimit: input.perPhoneLimit ?? null,
        storeId: input.storeId ?? null,
        description: input.description ?? '',
      });
      if (!row)
        throw new HttpError(409, `Coupon ${code} already exists`, 'CONFLICT', {
          code: 'Already exists',
        });
      return toCouponView(row);
    },

    async setActive(id: number, active: boolean, storeId?: number): Promise<CouponView> {
      const row = await repo.setActive(id, active, storeId);
      if (!row) throw new HttpError(404, 'No such coupon', 'NOT_FOUND');
      return toCouponView(row);
    },
  };
}
export type CouponsService = ReturnType<typeof couponsService>;

export interface CouponInput {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  minOrderKobo?: number;
  expiresAt?: string | null;
  usageLimit?: number | null;
  /** Uses per account and per phone number (null: no limit); 1 and 1 for a first-order coupon. */
  perAccountLimit?: number | null;
  perPhoneLimit?: number | null;
  storeId?: number | null;
  description?: string;
}

export function toCouponView(c: CouponRow): CouponView {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind as CouponView['kind'],
    value: Number(c.value),
    label: c.kind === 'percent' ? `${Number(c.value)}% off` : `${formatKobo(Number(c.value))} off`,
    minOrderKobo: Number(c.minOrderKobo),
    expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
    usageLimit: c.usageLimit,
    usedCount: c.usedCount,
    perAccountLimit: c.perAccountLimit,
    perPhoneLimit: c.perPhoneLimit,
    storeId: c.storeId,
    active: c.active,
    description: c.description,
  };
}
