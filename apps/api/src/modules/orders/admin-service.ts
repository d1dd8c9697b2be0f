import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { HttpError, conflict, notFound } from '../../lib/errors.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import type { SessionUser } from '../../lib/session.ts';
import { iso } from '../../lib/time.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import { requirePasswordAgain } from '../auth/password-again.ts';
import { account, balance, post } from '../ledger/ledger.ts';
import { findRefund, paymentsService, recordRefund } from '../payments/service.ts';
import { adminOrdersRepository, type OrderMatch } from './admin-repository.ts';
import { orderNumber } from './mails.ts';
import { ordersRepository, type OrderRow } from './repository.ts';
import { ESCROW_RELEASE_DAYS, ordersService, refundReference } from './service.ts';
import { orderViews } from './view.ts';
import type { AdminOrderActionAnswer, AdminOrderAnswer, AdminOrderRow } from './types.ts';

// Staff's work on orders (decision 0019): find one, see its money (escrow, refunds, postings),
// refund all or part of it, hold the escrow, lift the hold, release it to the store. Every
// change is audited in its transaction.

export const REFUND_PART_JOB = 'orders.refund-part';
defineJob<{ reference: string }>(
  REFUND_PART_JOB,
  async ({ reference }, { app }) => {
    const outcome = await paymentsService(app).sendRefund(reference);
    // Another worker is sending it now: this job looks again after its backoff.
    if (outcome === 'busy') throw new Error(`Refund ${reference} is being sent elsewhere`);
  },
  { maxAttempts: 10 },
);

/** A staff refund's own payments purpose: one row per (order, request key), beside the cancel's. */
const PART = 'order-part';
const PAGE = 50;

/** Our reference of a staff refund: deterministic from the form's request key (idempotent). */
export const partRefundReference = (orderId: number, requestKey: string) =>
  `${refundReference(orderId)}-${crypto
    .createHash('sha256')
    .update(`${orderId}:${requestKey}`)
    .digest('hex')
    .slice(0, 12)}`;

/** The order row locked for the change: refunds, cancels and releases of it go one at a time. */
async function lockOrder(tx: Db, id: number): Promise<OrderRow> {
  const o = await adminOrdersRepository(tx).lock(id);
  if (!o) throw notFound('No such order');
  return o;
}

/** Every refund of the order (its cancel's, staff's and its disputes'), as buyers see them too. */
const refundsOf = (db: Db, o: OrderRow) => ordersRepository(db).refunds([o]);

async function money(
  db: Db,
  o: OrderRow,
): Promise<Omit<AdminOrderActionAnswer, 'status' | 'message'>> {
  const refunds = await refundsOf(db, o);
  return {
    escrowKobo: await balance(db, account.escrow(o.id)),
    refundedKobo: refunds.reduce((a, r) => a + r.amountKobo, 0),
    escrowHeldAt: iso(o.escrowHeldAt),
  };
}

/** Every posting that touched the order's escrow or names the order, with all its entries. */
async function postingsOf(db: Db, id: number) {
  const out = await adminOrdersRepository(db).postings(id);
  const byId = new Map<number, AdminOrderAnswer['postings'][number]>();
  for (const r of out) {
    const p = byId.get(r.id) ?? {
      id: r.id,
      kind: r.kind,
      ref: r.ref,
      memo: r.memo,
      createdAt: iso(r.created_at)!,
      entries: [],
    };
    p.entries.push({ account: r.account, amountKobo: Number(r.amount_kobo) });
    byId.set(r.id, p);
  }
  return [...byId.values()];
}

/** The escrow still holds money for this order (paid online, not yet released or refunded). */
function needsEscrow(o: OrderRow, what: string) {
  if (o.paymentMethod !== 'paystack' || !o.paidAt || !o.paymentReference)
    throw conflict(
      `Only an order paid online through Paystack can be ${what} here: a cash order is settled by its store`,
    );
}

export function adminOrdersService(app: FastifyInstance) {
  const db = app.db;
  return {
    async list(f: { q?: string; status?: string; lastId?: number }) {
      const q = f.q?.trim();
      const num = q ? /^(?:SF-?)?0*(\d{1,9})$/i.exec(q) : null;
      const match: OrderMatch | undefined = !q
        ? undefined
        : num
          ? { id: Number(num[1]) }
          : q.includes('@')
            ? { email: q }
            : { reference: q };
      const list = await adminOrdersRepository(db).list(
        { match, status: f.status, lastId: f.lastId },
        PAGE,
      );
      const items: AdminOrderRow[] = list.map((r) => ({
        id: r.id,
        number: orderNumber(r.id),
        status: r.status,
        paymentMethod: r.payment_method,
        storeName: r.store_name,
        buyerEmail: r.buyer_email,
        totalKobo: Number(r.total_kobo),
        paidAt: iso(r.paid_at),
        escrowHeldAt: iso(r.escrow_held_at),
        createdAt: iso(r.created_at)!,
      }));
      return { items, lastId: items.length === PAGE ? items[PAGE - 1].id : null };
    },

    async get(id: number): Promise<Omit<AdminOrderAnswer, 'status'>> {
      const o = await ordersRepository(db).find(id);
      if (!o) throw notFound('No such order');
      const [order] = await orderViews(db, [o], 'seller');
      const buyer = (await ordersRepository(db).people([o.buyerUserId])).get(o.buyerUserId);
      const refunds = await refundsOf(db, o);
      return {
        order,
        // A buyer who signed up with a phone alone is reached by that number.
        buyerEmail: buyer?.email ?? buyer?.phone ?? '',
        ...(await money(db, o)),
        refunds: refunds.map((r) => ({
          reference: r.reference,
          amountKobo: r.amountKobo,
          status: r.status,
          createdAt: iso(r.createdAt)!,
        })),
        postings: await postingsOf(db, id),
      };
    },

    /**
     * Refunds all or part of what escrow holds, once per request key, never more than escrow holds:
     * the order row is locked, so refunds, a cancel and a release of it happen one after another.
     * The money leaves escrow in the ledger now; the refunds job sends it through Paystack.
     */
    async refund(
      me: SessionUser,
      id: number,
      input: { amountKobo: number; requestKey: string; password?: string; note?: string },
    ) {
      await requirePasswordAgain(db, me, input.password);
      const reference = partRefundReference(id, input.requestKey);
      return transaction(db, async (tx) => {
        const o = await lockOrder(tx, id);
        if (await findRefund(tx, reference))
          return { message: 'This refund was already made', ...(await money(tx, o)) };
        needsEscrow(o, 'refunded');
        const held = await balance(tx, account.escrow(id));
        if (held <= 0)
          throw conflict(
            o.status === 'completed'
              ? 'The money was already released to the store: nothing is left in escrow to refund'
              : 'Nothing is left in escrow for this order: it was refunded already',
          );
        if (input.amountKobo > held)
          throw new HttpError(
            409,
            `At most ${formatKobo(held)} can be refunded: that is what escrow still holds for this order`,
            'CONFLICT',
            { amountKobo: `At most ${formatKobo(held)}` },
          );
        const amount = input.amountKobo;
        await recordRefund(tx, {
          reference,
          paymentReference: o.paymentReference!,
          purpose: PART,
          purposeId: `${id}:${reference.slice(-12)}`,
          amountKobo: amount,
        });
        await post(tx, {
          kind: 'refund',
          ref: reference,
          memo: `Order ${orderNumber(id)}: ${formatKobo(amount)} refunded by staff`,
          entries: [
            { account: account.escrow(id), amountKobo: -amount },
            { account: account.buyerRefunds(o.buyerUserId), amountKobo: amount },
          ],
        });
        await enqueue(
          tx,
          REFUND_PART_JOB,
          { reference },
          { key: `${REFUND_PART_JOB}:${reference}` },
        );
        await ordersRepository(tx).event({
          orderId: id,
          from: o.status,
          to: o.status,
          actorUserId: me.id,
          actorRole: 'admin',
          note: `${formatKobo(amount)} refunded to the buyer`,
        });
        await recordAudit(tx, {
          actorId: me.id,
          action: 'order.refund',
          targetType: 'order',
          targetId: id,
          before: { escrowKobo: held },
          after: { escrowKobo: held - amount, refundKobo: amount, reference },
          note: input.note,
        });
        return {
          message: `${formatKobo(amount)} refunded to the buyer (${reference})`,
          ...(await money(tx, o)),
        };
      });
    },

    async hold(me: SessionUser, id: number, note?: string) {
      return transaction(db, async (tx) => {
        const o = await lockOrder(tx, id);
        needsEscrow(o, 'held');
        if (o.escrowHeldAt) throw conflict('The escrow of this order is already held');
        if ((await balance(tx, account.escrow(id))) <= 0)
          throw conflict('Nothing is in escrow for this order: there is nothing to hold');
        const after = await adminOrdersRepository(tx).setEscrowHeld(id, new Date());
        await recordAudit(tx, {
          actorId: me.id,
          action: 'order.hold',
          targetType: 'order',
          targetId: id,
          before: { escrowHeldAt: null },
          after: { escrowHeldAt: iso(after.escrowHeldAt) },
          note,
        });
        return {
          message: 'Escrow held: the money stays until staff lift the hold',
          ...(await money(tx, after)),
        };
      });
    },

    async unhold(me: SessionUser, id: number, note?: string) {
      return transaction(db, async (tx) => {
        const o = await lockOrder(tx, id);
        if (!o.escrowHeldAt) throw conflict('The escrow of this order is not held');
        const after = await adminOrdersRepository(tx).setEscrowHeld(id, null);
        // A delivered order's release check may have passed while held: it runs again when due.
        if (o.status === 'delivered' && o.deliveredAt)
          await enqueue(
            tx,
            'orders.release',
            { orderId: id },
            {
              key: `orders.release:${id}:${Date.now()}`,
              runAt: new Date(
                Math.max(Date.now(), o.deliveredAt.getTime() + ESCROW_RELEASE_DAYS * 86_400_000),
              ),
            },
          );
        await recordAudit(tx, {
          actorId: me.id,
          action: 'order.unhold',
          targetType: 'order',
          targetId: id,
          before: { escrowHeldAt: iso(o.escrowHeldAt) },
          after: { escrowHeldAt: null },
          note,
        });
        return { message: 'Hold lifted: the usual release applies', ...(await money(tx, after)) };
      });
    },

    async release(me: SessionUser, id: number, note?: string) {
      return transaction(db, async (tx) => {
        const o = await lockOrder(tx, id);
        needsEscrow(o, 'released');
        const held = await balance(tx, account.escrow(id));
        if (o.escrowHeldAt) await adminOrdersRepository(tx).clearEscrowHold(id);
        // The order's own move: only a delivered order completes (409 with its state otherwise).
        const after = await ordersService(app).actIn(tx, {
          orderId: id,
          action: 'receive',
          who: { userId: me.id, role: 'admin' },
          note: note || 'Released by staff',
        });
        await recordAudit(tx, {
          actorId: me.id,
          action: 'order.release',
          targetType: 'order',
          targetId: id,
          before: { status: o.status, escrowKobo: held },
          after: { status: after.status, escrowKobo: 0 },
          note,
        });
        return {
          message: `${formatKobo(held)} released to the store`,
          ...(await money(tx, after)),
        };
      });
    },
  };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
