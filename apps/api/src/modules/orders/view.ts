import type { Db } from '@sf/db';
import { ordersRepository, type NewOrders, type OrderRow } from './repository.ts';
import { formatKobo } from '@sf/shared';
import {
  allowedFrom,
  moneyState,
  refundState,
  statusLabel,
  type Action,
  type Actor,
  type RefundState,
} from './states.ts';
import { releaseSplit } from './escrow.ts';
import { orderNumber } from './mails.ts';
import { findPayment } from '../payments/service.ts';
import type { OrderView } from './types.ts';
import { iso } from '../../lib/time.ts';

const REASON: Record<string, 'cancelled' | 'staff' | 'dispute'> = {
  order: 'cancelled',
  'order-part': 'staff',
  dispute: 'dispute',
};

function refundLabel(state: RefundState, kobo: number, viewer: 'buyer' | 'seller'): string {
  if (state === 'refunded') return `Refunded ${formatKobo(kobo)}`;
  if (state === 'failed')
    return viewer === 'buyer'
      ? `The refund of ${formatKobo(kobo)} did not go through: SpareFinder staff are on it and will contact you`
      : `The refund of ${formatKobo(kobo)} to the buyer did not go through: SpareFinder staff are on it`;
  return `Refund of ${formatKobo(kobo)} on its way`;
}

/** A dispute of an order, in a few words for the order's card: whose move it is. */
function disputeLabel(d: { status: string; escalated: boolean }, viewer: 'buyer' | 'seller') {
  if (d.status === 'resolved') return 'Dispute settled';
  if (d.escalated) return 'Dispute: SpareFinder staff decide';
  if (d.status === 'offered')
    return viewer === 'seller'
      ? 'Dispute: your offer waits for the buyer'
      : 'Dispute: the store made an offer';
  return viewer === 'seller' ? 'Dispute open: answer the buyer' : 'Dispute open: the store answers';
}

/**
 * Orders as the API shows them: items, timeline, where the money is, what the viewer may do.
 * `written`: what the checkout that placed `orders` just wrote (so nothing of it is read back;
 * such orders have no dispute or refund yet).
 */
export async function orderViews(
  db: Db,
  orders: OrderRow[],
  viewer: 'buyer' | 'seller',
  written?: NewOrders,
): Promise<OrderView[]> {
  const ids = orders.map((o) => o.id);
  const repo = ordersRepository(db);
  const [items, events, stores, places, people, disputes] = await Promise.all([
    written?.items ?? repo.items(ids),
    written?.events ?? repo.events(ids),
    written?.stores ?? repo.storeInfo([...new Set(orders.map((o) => o.storeId))]),
    repo.placeNames([...new Set(orders.map((o) => o.cityId).filter((c): c is number => !!c))]),
    viewer === 'seller'
      ? repo.people([...new Set(orders.map((o) => o.buyerUserId))])
      : Promise.resolve(new Map()),
    written ? [] : repo.disputes(ids),
  ]);
  const payments = new Map<string, { status: string; authorizationUrl: string | null }>();
  for (const ref of new Set(
    orders.map((o) => o.paymentReference).filter((r): r is string => !!r),
  )) {
    const p = await findPayment(db, ref);
    if (p) payments.set(ref, { status: p.status, authorizationUrl: p.authorizationUrl });
  }
  // Read from the refunds record, so a refund shows in the state Paystack last told us.
  const refunds = (written ? [] : await repo.refunds(orders)).map((r) => {
    const state = refundState(r.status);
    return {
      orderId: r.orderId,
      reference: r.reference,
      reason: REASON[r.purpose] ?? 'staff',
      amountKobo: r.amountKobo,
      state,
      label: refundLabel(state, r.amountKobo, viewer),
      at: r.createdAt.toISOString(),
      settledAt: state === 'on_its_way' ? null : r.updatedAt.toISOString(),
    };
  });
  const actor: Actor = viewer;
  const actions = (o: OrderRow) => {
    const out: string[] = [];
    for (const a of ['accept', 'ship', 'deliver', 'receive', 'cancel'] as Action[])
      if (allowedFrom(a, actor).includes(o.status as never)) out.push(a);
    // The money stays in escrow while a dispute is open: 'I received it' would be refused.
    if (o.disputedAt && out.includes('receive')) out.splice(out.indexOf('receive'), 1);
    if (
      viewer === 'seller' &&
      o.paymentMethod === 'pay_on_delivery' &&
      !o.paidAt &&
      !['cancelled', 'refunded'].includes(o.status)
    )
      out.push('mark_paid');
    if (viewer === 'buyer' && o.status === 'pending_payment') out.push('pay');
    return out;
  };
  // What 'I received it' would release, told to the buyer before pressing it.
  const releases = new Map<number, number>();
  if (viewer === 'buyer')
    for (const o of orders)
      if (actions(o).includes('receive') && o.paymentMethod === 'paystack')
        releases.set(o.id, (await releaseSplit(db, o)).storeKobo);
  return orders.map((o) => {
    const mine = refunds.filter((r) => r.orderId === o.id);
    const store = stores.get(o.storeId);
    const place = o.cityId ? places.get(o.cityId) : undefined;
    const platformDiscount = o.discountBorneBy === 'platform' ? Number(o.discountKobo) : 0;
    const pay = o.paymentReference ? payments.get(o.paymentReference) : undefined;
    const buyer = viewer === 'seller' ? people.get(o.buyerUserId) : undefined;
    return {
      id: o.id,
      number: orderNumber(o.id),
      checkoutId: o.checkoutId,
      status: o.status as OrderView['status'],
      statusLabel: statusLabel(o.status),
      paymentMethod: o.paymentMethod as OrderView['paymentMethod'],
      money: moneyState(o, mine),
      fulfilment: o.fulfilment as OrderView['fulfilment'],
      address:
        o.fulfilment === 'delivery'
          ? {
              stateId: o.stateId,
              cityId: o.cityId,
              state: place?.state ?? null,
              city: place?.city ?? null,
              street: o.street,
            }
          : null,
      phone: o.phone,
      store: {
        id: o.storeId,
        name: store?.name ?? '',
        url: store ? `/store/${store.urlName}` : null,
      },
      ...(buyer ? { buyer: { name: buyer.name, phone: buyer.phone } } : {}),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          productId: i.productId,
          name: i.name,
          url: `/product/${i.productId}`,
          unitPriceKobo: Number(i.unitPriceKobo),
          quantity: i.quantity,
          lineTotalKobo: Number(i.lineTotalKobo),
        })),
      subtotalKobo: Number(o.subtotalKobo),
      discountKobo: Number(o.discountKobo),
      deliveryFeeKobo: Number(o.deliveryFeeKobo),
      totalKobo: Number(o.totalKobo),
      ...(viewer === 'seller'
        ? {
            commissionKobo: Number(o.commissionKobo),
            // What the store receives once the buyer has the parts.
            storeReceivesKobo: Number(o.totalKobo) + platformDiscount - Number(o.commissionKobo),
          }
        : releases.has(o.id)
          ? { storeReceivesKobo: releases.get(o.id)! }
          : {}),
      disputeOpen: !!o.disputedAt,
      disputes: disputes
        .filter((d) => d.order_id === o.id)
        .map((d) => ({
          id: d.id,
          productId: d.product_id,
          open: d.status !== 'resolved',
          label: disputeLabel(d, viewer),
          url: `/user/disputes/${d.id}`,
        })),
      refunds: mine.map(({ orderId: _, ...r }) => r),
      payment:
        o.paymentMethod === 'paystack' && o.paymentReference
          ? {
              reference: o.paymentReference,
              status: pay?.status ?? 'pending',
              payUrl: o.status === 'pending_payment' ? (pay?.authorizationUrl ?? null) : null,
            }
          : null,
      paidAt: iso(o.paidAt),
      holdUntil: o.status === 'pending_payment' ? iso(o.holdUntil) : null,
      deliveredAt: iso(o.deliveredAt),
      shippingNote: o.shippingNote,
      cancelReason: o.cancelReason,
      createdAt: iso(o.createdAt),
      timeline: events
        .filter((e) => e.orderId === o.id)
        .map((e) => ({
          from: e.fromStatus,
          to: e.toStatus,
          by: e.actorRole,
          note: e.note,
          at: iso(e.createdAt),
        })),
      actions: actions(o),
    };
  });
}
