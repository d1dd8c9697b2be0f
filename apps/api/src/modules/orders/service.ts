import type { FastifyInstance } from 'fastify';
import type { Db, schema as s } from '@sf/db';
import { HttpError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { queueMail, type MailMessage } from '../../lib/mail.ts';
import { transaction } from '../../lib/tx.ts';
import { publicOrigin } from '../../config.ts';
import { enqueue, type NotDueYet } from '../../lib/jobs.ts';
import { account, balance, post, storeEntries, type Entry } from '../ledger/ledger.ts';
import { paymentsService, recordRefund } from '../payments/service.ts';
import { stockService } from '../catalog/stock-service.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { ordersRepository, type NewOrders, type OrderRow } from './repository.ts';
import { releaseEscrow, releaseSplit } from './escrow.ts';
import {
  allowedFrom,
  MOVES,
  moneyState,
  refusal,
  statusLabel,
  type Action,
  type Actor,
} from './states.ts';
import {
  buyerCashReceivedMail,
  buyerMoveMail,
  buyerPaidMail,
  buyerPlacedMail,
  orderNumber,
  sellerNewOrderMail,
  type ReceiptOrder,
} from './mails.ts';
import { postCashReceived, reverseCashPostings } from './cash.ts';
import { tellBuyerCashReceived, tellBuyerMoved, tellSellersNew } from './notices.ts';
import { plural } from '@sf/shared';

/** How long a delivered order waits for a dispute before its escrow is released. */
export const ESCROW_RELEASE_DAYS = 7;

/** An order's hold as a buyer reads it: whole minutes, or seconds on a test server. */
const holdLength = (ms: number) =>
  ms % 60_000 === 0 ? plural(ms / 60_000, 'minute') : plural(Math.round(ms / 1000), 'second');

/** Our reference of an order's refund: one per order, the same on every attempt. */
export const refundReference = (orderId: number) => `RF-${orderNumber(orderId)}`;

/** Records the refund a paid order is owed and queues the job that sends it to Paystack. */
async function oweRefund(tx: Db, o: OrderRow, amountKobo = Number(o.totalKobo)) {
  if (amountKobo <= 0) return; // staff refunded all of it already (orders/admin-service.ts)
  await recordRefund(tx, {
    reference: refundReference(o.id),
    paymentReference: o.paymentReference!,
    purpose: 'order',
    purposeId: String(o.id),
    amountKobo,
  });
  await enqueue(tx, 'orders.refund', { orderId: o.id }, { key: `orders.refund:${o.id}` });
}

/** Links in mails: from configuration only, never from a request. */
export const origin = (app: FastifyInstance) => publicOrigin(app.config);

/** Mails are queued in the transaction of the change they tell about (sent by the job runner). */
export async function queueAll(tx: Db, mails: MailMessage[]) {
  // An account without an e-mail address (phone sign-in) is told in the bell and by push only.
  for (const m of mails) if (m.to) await queueMail(tx, m);
}

/**
 * Escrow release: the buyer's money leaves escrow; the store gets the total less commission,
 * plus a platform coupon's discount (the platform pays for its own coupons), less what it owes
 * for commission on cash orders (netted first). In `tx`: the store is locked.
 */
export async function releaseEntries(tx: Db, o: OrderRow): Promise<Entry[]> {
  const { held, platformDiscount, commission, storeKobo } = await releaseSplit(tx, o);
  return [
    { account: account.escrow(o.id), amountKobo: -held },
    { account: account.promotions, amountKobo: -platformDiscount },
    ...(await storeEntries(tx, o.storeId, storeKobo)),
    { account: account.commission, amountKobo: commission },
  ];
}

export interface Who {
  userId: string | null;
  role: Actor;
}

/** A page of orders: after `lastId`, `limit` of them, optionally of one status. */
interface ListQuery {
  status?: string;
  lastId?: number;
  limit: number;
}

interface MoveInput {
  orderId: number;
  action: Action;
  who: Who;
  note?: string;
}

/**
 * Moves one order (inside `tx`) and does what the move implies: stock back and a refund on
 * cancel, escrow release on completion, the escrow timer on delivery. Returns the new row.
 */
async function moveIn(app: FastifyInstance, tx: Db, m: MoveInput): Promise<OrderRow> {
  const from = allowedFrom(m.action, m.who.role);
  const now = new Date();
  const set: Record<string, unknown> = {};
  if (m.action === 'ship') set.shippingNote = m.note ?? '';
  if (m.action === 'deliver') set.deliveredAt = now;
  if (m.action === 'cancel') set.cancelReason = m.note ?? '';
  if (m.action === 'pay') set.paidAt = now;
  const moved = await ordersRepository(tx).move(m.orderId, from, MOVES[m.action].to, set);
  if (!moved) {
    const cur = await ordersRepository(tx).find(m.orderId);
    throw new HttpError(409, refusal(m.action, cur?.status ?? 'unknown'), 'BAD_TRANSITION');
  }
  const o = moved.after;
  await ordersRepository(tx).event({
    orderId: o.id,
    from: moved.before,
    to: o.status,
    actorUserId: m.who.userId,
    actorRole: m.who.role,
    note: m.note ?? '',
  });
  if (m.action === 'cancel') {
    await ordersRepository(tx).releaseCouponIfDead(o.checkoutId);
    await stockService(tx).giveBack(o.id);
    await reverseCashPostings(tx, o);
    if (o.paymentMethod === 'paystack' && o.paidAt) {
      // What escrow holds goes back: the total, less any part staff refunded before.
      const held = await balance(tx, account.escrow(o.id));
      if (held > 0)
        await post(tx, {
          kind: 'refund',
          ref: String(o.id),
          memo: `Order ${orderNumber(o.id)} cancelled: back to the buyer`,
          entries: [
            { account: account.escrow(o.id), amountKobo: -held },
            { account: account.buyerRefunds(o.buyerUserId), amountKobo: held },
          ],
        });
      await oweRefund(tx, o, held);
    }
  }
  if (m.action === 'deliver') {
    await enqueue(
      tx,
      'orders.release',
      { orderId: o.id },
      {
        key: `orders.release:${o.id}`,
        runAt: new Date(now.getTime() + ESCROW_RELEASE_DAYS * 86_400_000),
      },
    );
  }
  if (m.action === 'receive')
    await releaseEscrow(tx, o, {
      memo: `Order ${orderNumber(o.id)} received: released to the store`,
      entries: () => releaseEntries(tx, o),
    });
  return o;
}

/**
 * Orders as their receipts show them: each with its store's name and its lines (those a checkout
 * just wrote when it gives them, else read).
 */
async function receipts(
  db: Db,
  orders: OrderRow[],
  written?: Pick<NewOrders, 'items' | 'stores'>,
): Promise<ReceiptOrder[]> {
  const [items, stores] = written
    ? [written.items, written.stores]
    : await Promise.all([
        ordersRepository(db).items(orders.map((o) => o.id)),
        ordersRepository(db).storeInfo([...new Set(orders.map((o) => o.storeId))]),
      ]);
  return orders.map((o) => ({
    o,
    storeName: stores.get(o.storeId)?.name ?? 'the store',
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPriceKobo: Number(i.unitPriceKobo),
        lineTotalKobo: Number(i.lineTotalKobo),
      })),
  }));
}

async function moveMails(
  app: FastifyInstance,
  db: Db,
  o: OrderRow,
  note = '',
): Promise<MailMessage[]> {
  const buyer = (await ordersRepository(db).people([o.buyerUserId])).get(o.buyerUserId);
  if (!buyer?.email) return [];
  const [r] = await receipts(db, [o]);
  return [buyerMoveMail(buyer.email, buyer.name, r, note, origin(app))];
}

/** The buyer's receipt for cash received on delivery (one mail; the order did not move). */
async function cashMails(app: FastifyInstance, db: Db, o: OrderRow): Promise<MailMessage[]> {
  const buyer = (await ordersRepository(db).people([o.buyerUserId])).get(o.buyerUserId);
  if (!buyer?.email) return [];
  const [r] = await receipts(db, [o]);
  return [buyerCashReceivedMail(buyer.email, buyer.name, r, origin(app))];
}

/**
 * A new checkout's news, in its transaction: the buyer's receipt (`buyerMail`: placed, or paid
 * online), each store owner's mail and bell notice. The receipts, owners and places they share
 * are read once; what the checkout just wrote (`written`) and the signed-in buyer (`buyer`) are
 * not read at all.
 */
async function announceNewOrders(
  app: FastifyInstance,
  tx: Db,
  orders: OrderRow[],
  buyerMail: (to: { email: string; name: string }, receipts: ReceiptOrder[]) => MailMessage,
  written?: NewOrders,
  buyer?: { email: string | null; name: string },
) {
  if (orders.length === 0) return;
  const repo = ordersRepository(tx);
  const rs = await receipts(tx, orders, written);
  const to = buyer ?? (await repo.people([orders[0].buyerUserId])).get(orders[0].buyerUserId);
  const owners =
    written?.owners ?? (await repo.storeOwners([...new Set(orders.map((o) => o.storeId))]));
  const places = owners.size
    ? await repo.placeNames(
        [...new Set(orders.map((o) => o.cityId).filter((c): c is number => !!c))],
        app.db,
      )
    : new Map<number, { city: string; state: string }>();
  const mails: MailMessage[] = to?.email ? [buyerMail({ email: to.email, name: to.name }, rs)] : [];
  for (const r of rs) {
    const owner = owners.get(r.o.storeId);
    if (!owner) continue;
    const place = r.o.cityId ? places.get(r.o.cityId) : undefined;
    mails.push(
      sellerNewOrderMail(
        owner.email,
        owner.name,
        { ...r, storeName: owner.store_name },
        origin(app),
        place ? `${place.city}, ${place.state}` : null,
      ),
    );
  }
  await queueAll(tx, mails);
  await tellSellersNew(app, tx, orders, owners);
}

/** One order as checkout places it: the order's row and its lines. */
export interface OrderDraft {
  order: typeof s.orders.$inferInsert;
  items: Omit<typeof s.orderItems.$inferInsert, 'orderId'>[];
}

/**
 * Records a checkout's orders (inside its transaction): each store's order with its lines, first
 * event, store and owner in one statement (`placeOne`).
 */
async function placeOrders(tx: Db, drafts: OrderDraft[], actorUserId: string): Promise<NewOrders> {
  const repo = ordersRepository(tx);
  const out: NewOrders = {
    orders: [],
    items: [],
    events: [],
    stores: new Map(),
    owners: new Map(),
  };
  for (const d of drafts) {
    const p = await repo.placeOne(d.order, d.items, actorUserId);
    out.orders.push(p.order);
    out.items.push(...p.items);
    out.events.push(p.event);
    out.stores.set(p.order.storeId, p.store);
    if (p.owner) out.owners.set(p.order.storeId, p.owner);
  }
  // In the order a read gives them (orders/repository.ts items).
  out.items.sort((a, b) => a.orderId - b.orderId || a.productId - b.productId);
  return out;
}

/**
 * The orders' rules for `app` (its database, jobs, mail and bus). Functions taking `tx` run in
 * the caller's transaction; the others open their own or read `app.db`.
 */
export function ordersService(app: FastifyInstance) {
  /** Moves an order inside the caller's transaction (staff actions write their audit entry with it). */
  async function actIn(tx: Db, m: MoveInput): Promise<OrderRow> {
    const o = await moveIn(app, tx, m);
    const note = m.action === 'refund' ? 'Your money is on its way back to you.' : '';
    await queueAll(tx, await moveMails(app, tx, o, note));
    await tellBuyerMoved(app, tx, o);
    return o;
  }

  /** Moves an order on behalf of a user or the system; 409 when the move is not allowed now. */
  async function act(m: MoveInput): Promise<OrderRow> {
    return transaction(app.db, (tx) => actIn(tx, m));
  }

  return {
    /** A pay-on-delivery checkout's news (in its transaction): receipts, store mails, notices. */
    announcePlaced: (tx: Db, placed: NewOrders, buyer: { email: string | null; name: string }) =>
      announceNewOrders(
        app,
        tx,
        placed.orders,
        (to, rs) => buyerPlacedMail(to.email, to.name, rs, origin(app)),
        placed,
        buyer,
      ),
    placeOrders,
    /** A checkout's orders (one per store), read with `db` (or the caller's transaction). */
    byCheckout: (db: Db, checkoutId: string) => ordersRepository(db).byCheckout(checkoutId),

    act,
    actIn,

    /** The seller's 'cash received' on a pay-on-delivery order (a Paystack order is paid only by Paystack). */
    async markCashPaid(orderId: number, who: Who): Promise<OrderRow> {
      const o = await transaction(app.db, async (tx) => {
        const cur = await ordersRepository(tx).find(orderId);
        if (!cur) throw notFound('No such order');
        if (cur.paymentMethod !== 'pay_on_delivery')
          throw new HttpError(
            409,
            'Only a pay-on-delivery order is marked paid by the store: Paystack confirms online payments',
            'NOT_PAY_ON_DELIVERY',
          );
        if (['cancelled', 'refunded'].includes(cur.status))
          throw conflict(`This order is ${statusLabel(cur.status)}: it cannot be marked paid`);
        if (cur.paidAt) throw conflict('This order is already marked paid');
        const moved = await ordersRepository(tx).move(
          orderId,
          [cur.status as never],
          cur.status as never,
          {
            paidAt: new Date(),
          },
        );
        if (!moved) throw conflict('This order changed just now: please reload it');
        await ordersRepository(tx).event({
          orderId,
          from: cur.status,
          to: cur.status,
          actorUserId: who.userId,
          actorRole: who.role,
          note: 'Cash received on delivery',
        });
        await postCashReceived(tx, moved.after);
        await queueAll(tx, await cashMails(app, tx, moved.after));
        await tellBuyerCashReceived(app, tx, moved.after);
        return moved.after;
      });
      return o;
    },

    /** Paystack confirmed a checkout's payment (called once, inside the payment's transaction). */
    async onPaid(tx: Db, p: PaymentRow) {
      const orders = await ordersRepository(tx).byCheckout(p.purposeId);
      const entries: Entry[] = [];
      const paid: OrderRow[] = [];
      for (const o of orders) {
        const moved = await ordersRepository(tx).move(o.id, ['pending_payment'], 'paid', {
          paidAt: new Date(),
        });
        if (moved) {
          await ordersRepository(tx).event({
            orderId: o.id,
            from: moved.before,
            to: 'paid',
            actorUserId: null,
            actorRole: 'system',
            note: `Paystack payment ${p.reference}`,
          });
          entries.push({ account: account.escrow(o.id), amountKobo: Number(o.totalKobo) });
          paid.push(moved.after);
        } else {
          // Paid after the order was cancelled (the hold ran out): the money goes back.
          const late = await ordersRepository(tx).move(o.id, ['cancelled'], 'cancelled', {
            paidAt: new Date(),
          });
          entries.push({
            account: account.buyerRefunds(o.buyerUserId),
            amountKobo: Number(o.totalKobo),
          });
          await oweRefund(tx, late?.after ?? o);
        }
      }
      await announceNewOrders(app, tx, paid, (buyer, rs) =>
        buyerPaidMail(buyer.email, buyer.name, rs, origin(app), p.reference),
      );
      for (const o of paid) await tellBuyerMoved(app, tx, o);
      return { entries };
    },

    /**
     * Job: an order still unpaid when its hold ends is cancelled and its stock returns. Answers
     * when to look again if, by this server's clock, the hold has not ended yet.
     */
    async expire(checkoutId: string): Promise<NotDueYet | undefined> {
      const orders = await ordersRepository(app.db).byCheckout(checkoutId);
      const pending = orders.filter((o) => o.status === 'pending_payment');
      if (pending.length === 0) return;
      // Ask Paystack first: a payment whose webhook was lost must not lose its order.
      const ref = pending[0].paymentReference;
      if (ref)
        await paymentsService(app)
          .verify(ref)
          .catch((err) => app.log.warn({ err, ref }, 'verify before expiry failed'));
      let notBefore: Date | undefined;
      for (const o of pending) {
        if (o.holdUntil && o.holdUntil.getTime() > Date.now()) {
          notBefore = o.holdUntil;
          continue;
        }
        await transaction(app.db, (tx) =>
          moveIn(app, tx, {
            orderId: o.id,
            action: 'cancel',
            who: { userId: null, role: 'system' },
            note: `Not paid within ${holdLength(app.config.orderHoldMs)}: the parts went back on sale`,
          }),
        ).catch((err) => {
          if (!(err instanceof HttpError)) throw err; // paid meanwhile: nothing to do
        });
      }
      return notBefore && { notBefore };
    },

    /**
     * Job: a cancelled paid order's money goes back through Paystack's refund API. Safe to run
     * any number of times at once or again later: the order's one refund row decides who calls
     * Paystack, and the move to refunded happens once.
     */
    async refund(orderId: number) {
      const o = await ordersRepository(app.db).find(orderId);
      if (!o || o.status !== 'cancelled' || !o.paidAt || !o.paymentReference) return;
      // An order cancelled before refunds were recorded gets its row now (a no-op otherwise).
      await oweRefund(app.db, o);
      const outcome = await paymentsService(app).sendRefund(refundReference(orderId));
      // Another worker is sending it now: this job looks again after its backoff.
      if (outcome === 'busy') throw new Error(`Refund of order ${orderId} is being sent elsewhere`);
      await act({ orderId, action: 'refund', who: { userId: null, role: 'system' } }).catch(
        (err) => {
          if (!(err instanceof HttpError)) throw err; // refunded by another caller just now
        },
      );
    },

    /**
     * Job: escrow released when the buyer has not answered 7 days after delivery and no dispute
     * is open. Answers when to look again if, by this server's clock, the 7 days have not passed.
     */
    async autoRelease(orderId: number): Promise<NotDueYet | undefined> {
      const o = await ordersRepository(app.db).find(orderId);
      // A dispute or a staff hold keeps the money in escrow until it is lifted.
      if (!o || o.status !== 'delivered' || o.disputedAt || o.escrowHeldAt) return;
      const due = o.deliveredAt && o.deliveredAt.getTime() + ESCROW_RELEASE_DAYS * 86_400_000;
      if (due && due > Date.now() + 1000) return { notBefore: new Date(due) };
      await act({
        orderId,
        action: 'receive',
        who: { userId: null, role: 'system' },
        note: `No problem reported within ${ESCROW_RELEASE_DAYS} days of delivery`,
      }).catch((err) => {
        if (!(err instanceof HttpError)) throw err;
      });
    },

    async forBuyer(orderId: number, userId: string): Promise<OrderRow> {
      const o = await ordersRepository(app.db).find(orderId);
      // Someone else's order is 'not found': its existence is not told either.
      if (!o || o.buyerUserId !== userId) throw notFound('No such order');
      return o;
    },

    async forSeller(orderId: number, userId: string): Promise<OrderRow> {
      const stores = await ordersRepository(app.db).storesOwnedBy(userId);
      if (stores.length === 0) throw forbidden('Only a store owner can see store orders');
      const o = await ordersRepository(app.db).find(orderId);
      if (!o || !stores.includes(o.storeId)) throw notFound('No such order');
      return o;
    },

    /** The buyer's orders, newest first, a page after `lastId`. */
    listBuyer: (userId: string, q: ListQuery) => ordersRepository(app.db).listBuyer(userId, q),

    /** The orders of the stores this user owns, newest first; null when they own no store. */
    async listSeller(userId: string, q: ListQuery): Promise<OrderRow[] | null> {
      const stores = await ordersRepository(app.db).storesOwnedBy(userId);
      if (stores.length === 0) return null;
      return ordersRepository(app.db).listStores(stores, q);
    },

    /** The ids of the stores this user owns, in id order. */
    storesOwnedBy: (userId: string) => ordersRepository(app.db).storesOwnedBy(userId),

    /**
     * The order, its row locked in the caller's transaction first (a staff refund from the
     * order's page waits for it); undefined when there is none.
     */
    async lockedIn(tx: Db, orderId: number): Promise<OrderRow | undefined> {
      await ordersRepository(tx).lock(orderId);
      return ordersRepository(tx).find(orderId);
    },

    /** The order as the caller's transaction sees it. */
    findIn: (tx: Db, orderId: number) => ordersRepository(tx).find(orderId),

    /**
     * Completes a delivered order whose dispute settled its money (in the caller's
     * transaction, the order locked): false when it is no longer delivered.
     */
    async completeSettledIn(tx: Db, orderId: number, who: Who, note: string): Promise<boolean> {
      const moved = await ordersRepository(tx).move(orderId, ['delivered'], 'completed');
      if (!moved) return false;
      await ordersRepository(tx).event({
        orderId,
        from: 'delivered',
        to: 'completed',
        actorUserId: who.userId,
        actorRole: who.role,
        note,
      });
      return true;
    },

    moneyState,
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
