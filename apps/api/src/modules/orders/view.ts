import type { Db } from '@sf/db';
import { ordersRepository as repo, type OrderRow } from './repository.ts';
import { allowedFrom, moneyState, statusLabel, type Action, type Actor } from './states.ts';
import { orderNumber } from './mails.ts';
import { paymentsService } from '../payments/service.ts';
import type { OrderView } from './types.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Orders as the API shows them: items, timeline, where the money is, what the viewer may do. */
export async function orderViews(
  db: Db,
  orders: OrderRow[],
  viewer: 'buyer' | 'seller',
): Promise<OrderView[]> {
  const ids = orders.map((o) => o.id);
  const [items, events, stores, places, people] = await Promise.all([
    repo.items(db, ids),
    repo.events(db, ids),
    repo.storeInfo(db, [...new Set(orders.map((o) => o.storeId))]),
    repo.placeNames(db, [...new Set(orders.map((o) => o.cityId).filter((c): c is number => !!c))]),
    viewer === 'seller'
      ? repo.people(db, [...new Set(orders.map((o) => o.buyerUserId))])
      : Promise.resolve(new Map()),
  ]);
  const payments = new Map<string, { status: string; authorizationUrl: string | null }>();
  for (const ref of new Set(
    orders.map((o) => o.paymentReference).filter((r): r is string => !!r),
  )) {
    const p = await paymentsService.find(db, ref);
    if (p) payments.set(ref, { status: p.status, authorizationUrl: p.authorizationUrl });
  }
  const actor: Actor = viewer;
  const actions = (o: OrderRow) => {
    const out: string[] = [];
    for (const a of ['accept', 'ship', 'deliver', 'receive', 'cancel'] as Action[])
      if (allowedFrom(a, actor).includes(o.status as never)) out.push(a);
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
  return orders.map((o) => {
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
      money: moneyState(o),
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
        : {}),
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
