import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { HttpError } from '../../lib/errors.ts';
import { account, balance, post, type Entry } from '../ledger/ledger.ts';
import { releaseCashDiscount } from './cash.ts';
import { orderNumber } from './mails.ts';
import type { OrderRow } from './repository.ts';

/** Disputes of an order not yet resolved, but for `except` (the one being settled). */
async function openDisputes(tx: Db, orderId: number, except?: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from disputes where order_id = ${orderId}
        and status <> 'resolved' and id <> ${except ?? 0}`,
  );
  return r.n;
}

/**
 * What a release of the order's escrow pays now: what escrow still holds (the total, less what
 * staff refunded in part), a platform coupon's discount (the platform pays for its own coupons),
 * the commission (never more than what escrow holds) and so the store's share.
 */
export async function releaseSplit(db: Db, o: OrderRow) {
  const platformDiscount = o.discountBorneBy === 'platform' ? Number(o.discountKobo) : 0;
  const held = await balance(db, account.escrow(o.id));
  const commission = Math.min(Number(o.commissionKobo), held);
  return { held, platformDiscount, commission, storeKobo: held + platformDiscount - commission };
}

export interface Release {
  /** What the posting says happened (the ledger's memo). */
  memo: string;
  /** The release posting's entries, asked for only once the release is allowed. */
  entries: () => Promise<Entry[]>;
  /** The dispute whose settlement makes this release (it is open until the caller resolves it). */
  settling?: number;
}

/**
 * The one way an order's money leaves escrow for the store, whoever asks: the buyer's "I
 * received it", the release job, staff, or a dispute's settlement (with its refund entries).
 * Refused while any dispute of the order is open (but the one being settled): the dispute may
 * still refund the buyer, so the money must stay. Completing a cash order goes through here too:
 * it posts nothing, but a dispute open on it must not find the order completed under it. The
 * order row is locked, and opening a dispute marks that row, so the two happen one after the
 * other. In `tx`.
 */
export async function releaseEscrow(tx: Db, o: OrderRow, r: Release): Promise<void> {
  await tx.execute(sql`select id from orders where id = ${o.id} for update`);
  if ((await openDisputes(tx, o.id, r.settling)) > 0)
    throw new HttpError(
      409,
      r.settling
        ? 'Another dispute on this order is still open: its money stays held until that one is settled too'
        : 'A dispute is open on this order: its money stays held until the dispute is settled (withdraw it if the part is fine)',
      'DISPUTE_OPEN',
    );
  // A cash order: the store holds the cash; what waits is the platform coupon's discount.
  if (o.paymentMethod === 'pay_on_delivery') return releaseCashDiscount(tx, o);
  if (!o.paidAt) return;
  await post(tx, {
    kind: 'release',
    ref: String(o.id),
    memo: r.memo || `Order ${orderNumber(o.id)} released to the store`,
    entries: await r.entries(),
  });
}
