import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { ordersRepository } from './repository.ts';
import { orderViews } from './view.ts';
import type { Invoice } from './types.ts';

/**
 * An order's invoice, for the two parties to it: its buyer and the owner of its store. Anyone
 * else (staff included: they have the admin order page) gets the same 404 as for an order that
 * does not exist, so an invoice never tells who bought what.
 */
export async function invoiceFor(db: Db, orderId: number, userId: string): Promise<Invoice> {
  const o = await ordersRepository(db).find(orderId);
  const viewer =
    o?.buyerUserId === userId
      ? 'buyer'
      : o && (await ordersRepository(db).storesOwnedBy(userId)).includes(o.storeId)
        ? 'seller'
        : null;
  if (!o || !viewer) throw notFound('No such order');
  const [[view], store, people] = await Promise.all([
    orderViews(db, [o], viewer),
    ordersRepository(db).storeCard(o.storeId),
    ordersRepository(db).people([o.buyerUserId]),
  ]);
  return {
    id: o.id,
    number: view.number,
    viewer,
    createdAt: o.createdAt.toISOString(),
    status: view.status,
    statusLabel: view.statusLabel,
    paymentMethod: view.paymentMethod,
    paid: !!o.paidAt,
    paidAt: o.paidAt ? o.paidAt.toISOString() : null,
    paymentReference: o.paymentReference,
    seller: {
      name: store?.name ?? view.store.name,
      address: store?.address ?? '',
      city: store?.city ?? '',
      state: store?.state ?? '',
      phones: store?.phones ?? [],
      url: `/store/${store?.url_name ?? ''}`,
    },
    buyer: { name: people.get(o.buyerUserId)?.name ?? '', phone: o.phone },
    fulfilment: view.fulfilment,
    deliverTo: view.address
      ? { street: view.address.street, city: view.address.city, state: view.address.state }
      : null,
    items: view.items.map((i) => ({
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      unitPriceKobo: i.unitPriceKobo,
      lineTotalKobo: i.lineTotalKobo,
    })),
    subtotalKobo: view.subtotalKobo,
    discountKobo: view.discountKobo,
    deliveryFeeKobo: view.deliveryFeeKobo,
    totalKobo: view.totalKobo,
    refundedKobo: view.refunds
      .filter((r) => r.state === 'refunded')
      .reduce((a, r) => a + r.amountKobo, 0),
  };
}
