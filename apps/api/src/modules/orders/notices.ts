import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { orderNumber } from './mails.ts';
import type { OrderRow, StoreOwner } from './repository.ts';
import { statusLabel } from './states.ts';

/**
 * Order news in the bell and by push (docs/decisions/0027). The e-mail of each is the order's
 * own receipt (mails.ts), so these skip the bell's e-mail copy.
 */
async function tell(app: FastifyInstance, tx: Db, notices: Notice[]) {
  await notificationsService(app).tell(
    tx,
    notices.map((n) => ({ ...n, channels: { ...n.channels, email: false } })),
  );
}

/** The buyer hears that an order moved (accepted, shipped, delivered, cancelled, refunded). */
export const tellBuyerMoved = (app: FastifyInstance, tx: Db, o: OrderRow) =>
  tell(app, tx, [
    {
      userId: o.buyerUserId,
      type: 'order.status',
      title: `Order ${orderNumber(o.id)} is ${statusLabel(o.status)}`,
      detail: formatKobo(Number(o.totalKobo)),
      link: '/user/orders',
      event: { type: 'order.status', orderId: o.id },
    },
  ]);

/** The store confirmed a cash payment: a receipt in the bell, never a second "is delivered". */
export const tellBuyerCashReceived = (app: FastifyInstance, tx: Db, o: OrderRow) =>
  tell(app, tx, [
    {
      userId: o.buyerUserId,
      type: 'order.status',
      title: `Cash payment received for order ${orderNumber(o.id)}`,
      detail: formatKobo(Number(o.totalKobo)),
      link: '/user/orders',
      event: { type: 'order.status', orderId: o.id },
    },
  ]);

/** Each store's owner hears of a new order (paid, or pay on delivery); `owners` by store id. */
export async function tellSellersNew(
  app: FastifyInstance,
  tx: Db,
  orders: OrderRow[],
  owners: Map<number, StoreOwner>,
) {
  const notices: Notice[] = [];
  for (const o of orders) {
    const owner = owners.get(o.storeId);
    if (!owner) continue;
    notices.push({
      userId: owner.user_id,
      type: 'order.new',
      title: `New order ${orderNumber(o.id)} for ${owner.store_name}: ${formatKobo(Number(o.totalKobo))}`,
      detail:
        o.paymentMethod === 'pay_on_delivery' ? 'Cash on delivery: accept it' : 'Paid: accept it',
      link: `/user/store/orders#order-${o.id}`,
      event: { type: 'order.new', orderId: o.id },
    });
  }
  await tell(app, tx, notices);
}
