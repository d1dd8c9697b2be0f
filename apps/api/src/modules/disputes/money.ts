import type { Db } from '@sf/db';
import { HttpError } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { account, balance, storeEntries } from '../ledger/ledger.ts';
import { recordRefund } from '../payments/service.ts';
import { orderNumber } from '../orders/mails.ts';
import type { OrderRow } from '../orders/repository.ts';
import { releaseEscrow } from '../orders/escrow.ts';
import { statusLabel } from '../orders/states.ts';
import { releaseEntries, type OrdersService, type Who } from '../orders/service.ts';

/** Our reference of a dispute's refund: one per dispute, the same on every attempt. */
export const disputeRefundReference = (disputeId: number) => `DR-${disputeId}`;

/**
 * Ends a disputed order's escrow in `tx` (decision 0018): `refundKobo` goes back to the buyer
 * through Paystack (recorded here, sent by the disputes.refund job), the rest is released to the
 * store as on a normal completion, with the commission on what the store keeps. The caller holds
 * the order row locked, so what escrow holds cannot change meanwhile. The order moves
 * delivered → completed; its 'release' posting is made here, so the orders module's own release
 * (same kind and reference) can never pay the store the whole total again.
 */
export async function settleOrder(
  orders: OrdersService,
  tx: Db,
  o: OrderRow,
  disputeId: number,
  refundKobo: number,
  who: Who,
  note: string,
) {
  if (o.status !== 'delivered')
    throw new HttpError(
      409,
      o.status === 'completed'
        ? 'The money of this order was already released to the store: it cannot be refunded here'
        : `This order is ${statusLabel(o.status)}: only a delivered order's dispute is settled here`,
      'CONFLICT',
    );
  const online = o.paymentMethod === 'paystack' && o.paidAt;
  // What escrow still holds: the total, less what staff may have refunded from the order's page.
  const total = online ? await balance(tx, account.escrow(o.id)) : 0;
  if (refundKobo > 0 && (!online || !o.paymentReference))
    throw new HttpError(
      409,
      'This order was paid in cash to the store: the store refunds the buyer in person. Release it, or ask the store to refund.',
      'CONFLICT',
    );
  if (refundKobo > total)
    throw new HttpError(
      400,
      `A refund can be at most what escrow holds for this order, ₦${(total / 100).toLocaleString('en-NG')}`,
      'BAD_REQUEST',
    );
  if (refundKobo > 0) {
    // The store keeps total − refund; commission shrinks in proportion.
    const keep = total - refundKobo;
    const commission = Math.round((Math.min(Number(o.commissionKobo), total) * keep) / total);
    const platformDiscount = o.discountBorneBy === 'platform' ? Number(o.discountKobo) : 0;
    await releaseEscrow(tx, o, {
      settling: disputeId,
      memo: `Order ${orderNumber(o.id)} dispute: ₦${refundKobo / 100} back to the buyer`,
      entries: async () => [
        { account: account.escrow(o.id), amountKobo: -total },
        { account: account.buyerRefunds(o.buyerUserId), amountKobo: refundKobo },
        { account: account.promotions, amountKobo: -platformDiscount },
        ...(await storeEntries(tx, o.storeId, keep + platformDiscount - commission)),
        { account: account.commission, amountKobo: commission },
      ],
    });
    await recordRefund(tx, {
      reference: disputeRefundReference(disputeId),
      paymentReference: o.paymentReference!,
      purpose: 'dispute',
      purposeId: String(disputeId),
      amountKobo: refundKobo,
    });
    await enqueue(tx, 'disputes.refund', { disputeId }, { key: `disputes.refund:${disputeId}` });
  } else
    // A cash order: its held platform discount is the store's once the order completes.
    await releaseEscrow(tx, o, {
      settling: disputeId,
      memo: `Order ${orderNumber(o.id)} dispute settled: released to the store`,
      entries: () => releaseEntries(tx, o),
    });
  if (!(await orders.completeSettledIn(tx, o.id, who, note)))
    throw new HttpError(409, 'This order changed just now: please reload it', 'CONFLICT');
}
