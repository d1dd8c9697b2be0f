import type { Db } from '@sf/db';
import { normalisePhone } from '@sf/shared';
import { HttpError } from '../../lib/errors.ts';
import { couponLimitsRepository } from './limits-repository.ts';

/*
 * Who may use a coupon (docs/commerce-api.md, "Fraud rules"):
 * - per account and per phone number: a use counts while its checkout has an order that is not
 *   cancelled or refunded (a cancelled checkout gives its use back, as it does for the overall
 *   limit). The phones of a use are the account's and the checkout's contact number, and a new
 *   use is checked against both, so neither a second account with the same contact number nor
 *   a new contact number on the same account gets another use.
 * - a platform coupon (paid by SpareFinder) is never for a store the buyer owns, or whose owner's
 *   phone is one of the buyer's: the platform would pay the discount to the buyer's own store.
 *   A store's listed numbers are not compared: a shop line shared in a market would refuse
 *   honest buyers, and the owner's phone is the one an account is verified by.
 */

export interface CouponUser {
  userId: string;
  accountPhone: string | null;
  /** The contact phone typed at checkout (none yet in the cart's summary). */
  contactPhone?: string | null;
}

interface Limits {
  id: number;
  code: string;
  perAccountLimit: number | null;
  perPhoneLimit: number | null;
  storeId: number | null;
}

const refuse = (message: string) =>
  new HttpError(409, message, 'COUPON_INVALID', { couponCode: message });

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

const phoneSet = (phones: (string | null | undefined)[]) => [
  ...new Set(phones.map((p) => normalisePhone(p)).filter((p): p is string => p !== null)),
];
const phonesOf = (who: CouponUser) => phoneSet([who.accountPhone, who.contactPhone]);

/** The account's own phone, for the cart's summary (no contact phone is typed there yet). */
export async function accountPhone(db: Db, userId: string): Promise<string | null> {
  return (await couponLimitsRepository(db).accountPhone(userId)) ?? null;
}

/**
 * Refuses the coupon when this account or one of its phones has used it as often as allowed.
 * Exact only while the caller holds the coupon's row lock (the checkout takes it with the use).
 */
export async function checkPersonalLimits(db: Db, c: Limits, who: CouponUser): Promise<void> {
  if (c.perAccountLimit === null && c.perPhoneLimit === null) return;
  const n = await couponLimitsRepository(db).countUses(c.id, who.userId, phonesOf(who));
  if (c.perAccountLimit !== null && n.by_account >= c.perAccountLimit)
    throw refuse(
      `You have already used coupon ${c.code}: it can be used ${times(c.perAccountLimit)} per account. Remove it to check out.`,
    );
  if (c.perPhoneLimit !== null && n.by_phone >= c.perPhoneLimit)
    throw refuse(
      `Coupon ${c.code} was already used with this phone number: it can be used ${times(c.perPhoneLimit)} per phone number. Remove it to check out.`,
    );
}

/** Refuses a platform coupon on a cart with parts of a store the buyer owns or shares a phone with. */
export async function checkNotOwnStore(
  db: Db,
  c: Pick<Limits, 'code' | 'storeId'>,
  storeIds: number[],
  who: CouponUser,
): Promise<void> {
  if (c.storeId !== null || storeIds.length === 0) return;
  const stores = await couponLimitsRepository(db).storeOwners(storeIds);
  const mine = new Set(phonesOf(who));
  for (const st of stores) {
    if (st.owner_user_id === who.userId)
      throw refuse(
        `Coupon ${c.code} cannot be used on parts from your own store (${st.name}): remove those parts or the coupon.`,
      );
    if (phoneSet([st.owner_phone]).some((p) => mine.has(p)))
      throw refuse(
        `Coupon ${c.code} cannot be used on parts from ${st.name}: its owner has your phone number. Remove those parts or the coupon.`,
      );
  }
}

/** Records a use of the coupon by a checkout (in its transaction), with the phones it counts for. */
export async function recordUse(
  tx: Db,
  u: { couponId: number; checkoutId: string; discountKobo: number },
  who: CouponUser,
) {
  await couponLimitsRepository(tx).insertUse({
    ...u,
    userId: who.userId,
    accountPhone: normalisePhone(who.accountPhone),
    contactPhone: normalisePhone(who.contactPhone ?? null),
  });
}
