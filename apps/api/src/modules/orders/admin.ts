import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { HttpError, conflict, notFound } from '../../lib/errors.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import { requirePasswordAgain } from '../auth/password-again.ts';
import { account, balance, post } from '../ledger/ledger.ts';
import { findRefund, paymentsService, recordRefund } from '../payments/service.ts';
import { orderNumber } from './mails.ts';
import { ordersRepository as repo, type OrderRow } from './repository.ts';
import { ESCROW_RELEASE_DAYS, ordersService, refundReference } from './service.ts';
import { orderViews } from './view.ts';
import type { AdminOrderActionAnswer, AdminOrderAnswer, AdminOrderRow } from './types.ts';
import * as schemas from './admin-schemas.ts';
import { iso } from '../../lib/time.ts';

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
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.id, id)).for('update');
  if (!o) throw notFound('No such order');
  return o;
}

/** Every refund of the order (its cancel's, staff's and its disputes'), as buyers see them too. */
const refundsOf = (db: Db, o: OrderRow) => repo.refunds(db, [o]);

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
  const out = await rows<{
    id: number;
    kind: string;
    ref: string;
    memo: string;
    created_at: Date;
    account: string;
    amount_kobo: number;
  }>(
    db,
    sql`select p.id, p.kind, p.ref, p.memo, p.created_at, e.account, e.amount_kobo
        from ledger_postings p join ledger_entries e on e.posting_id = p.id
        where p.id in (select posting_id from ledger_entries where account = ${account.escrow(id)})
           or p.ref = ${String(id)}
        order by p.id, e.id`,
  );
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

export const adminOrdersService = {
  async list(db: Db, f: { q?: string; status?: string; lastId?: number }) {
    const q = f.q?.trim();
    const num = q ? /^(?:SF-?)?0*(\d{1,9})$/i.exec(q) : null;
    const match = !q
      ? sql`true`
      : num
        ? sql`o.id = ${Number(num[1])}`
        : q.includes('@')
          ? sql`u.email ilike ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}`
          : sql`o.payment_reference = ${q}`;
    const list = await rows<{
      id: number;
      status: string;
      payment_method: string;
      store_name: string;
      buyer_email: string;
      total_kobo: number;
      paid_at: Date | null;
      escrow_held_at: Date | null;
      created_at: Date;
    }>(
      db,
      sql`select o.id, o.status, o.payment_method, st.name as store_name, coalesce(u.email, u.phone) as buyer_email,
                 o.total_kobo, o.paid_at, o.escrow_held_at, o.created_at
          from orders o join stores st on st.id = o.store_id join users u on u.id = o.buyer_user_id
          where ${match}
            and ${f.status ? sql`o.status = ${f.status}` : sql`true`}
            and ${f.lastId ? sql`o.id < ${f.lastId}` : sql`true`}
          order by o.id desc limit ${PAGE}`,
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

  async get(db: Db, id: number): Promise<Omit<AdminOrderAnswer, 'status'>> {
    const o = await repo.find(db, id);
    if (!o) throw notFound('No such order');
    const [order] = await orderViews(db, [o], 'seller');
    const buyer = (await repo.people(db, [o.buyerUserId])).get(o.buyerUserId);
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
    app: FastifyInstance,
    me: SessionUser,
    id: number,
    input: { amountKobo: number; requestKey: string; password?: string; note?: string },
  ) {
    await requirePasswordAgain(app.db, me, input.password);
    const reference = partRefundReference(id, input.requestKey);
    return transaction(app.db, async (tx) => {
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
      await enqueue(tx, REFUND_PART_JOB, { reference }, { key: `${REFUND_PART_JOB}:${reference}` });
      await repo.event(tx, {
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

  async hold(db: Db, me: SessionUser, id: number, note?: string) {
    return transaction(db, async (tx) => {
      const o = await lockOrder(tx, id);
      needsEscrow(o, 'held');
      if (o.escrowHeldAt) throw conflict('The escrow of this order is already held');
      if ((await balance(tx, account.escrow(id))) <= 0)
        throw conflict('Nothing is in escrow for this order: there is nothing to hold');
      const [after] = await tx
        .update(s.orders)
        .set({ escrowHeldAt: new Date(), updatedAt: new Date() })
        .where(eq(s.orders.id, id))
        .returning();
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

  async unhold(db: Db, me: SessionUser, id: number, note?: string) {
    return transaction(db, async (tx) => {
      const o = await lockOrder(tx, id);
      if (!o.escrowHeldAt) throw conflict('The escrow of this order is not held');
      const [after] = await tx
        .update(s.orders)
        .set({ escrowHeldAt: null, updatedAt: new Date() })
        .where(eq(s.orders.id, id))
        .returning();
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

  async release(app: FastifyInstance, me: SessionUser, id: number, note?: string) {
    return transaction(app.db, async (tx) => {
      const o = await lockOrder(tx, id);
      needsEscrow(o, 'released');
      const held = await balance(tx, account.escrow(id));
      if (o.escrowHeldAt)
        await tx.update(s.orders).set({ escrowHeldAt: null }).where(eq(s.orders.id, id));
      // The order's own move: only a delivered order completes (409 with its state otherwise).
      const after = await ordersService.actIn(app, tx, {
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
      return { message: `${formatKobo(held)} released to the store`, ...(await money(tx, after)) };
    });
  },
};

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

type P = { Params: { id: number } };
type Note = { Body: { note?: string } };

export default async function adminOrderRoutes(app: FastifyInstance) {
  const svc = adminOrdersService;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get<{ Querystring: { q?: string; status?: string; lastId?: number } }>(
    '/api/admin/orders',
    { schema: schemas.listSchema },
    async (req, reply) =>
      noStore(reply).send({ status: true, ...(await svc.list(app.db, req.query)) }),
  );
  app.get<P>('/api/admin/orders/:id', { schema: schemas.getSchema }, async (req, reply) =>
    noStore(reply).send({ status: true, ...(await svc.get(app.db, req.params.id)) }),
  );
  app.post<
    P & { Body: { amountKobo: number; requestKey: string; password?: string; note?: string } }
  >('/api/admin/orders/:id/refund', { schema: schemas.refundSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.refund(app, req.user!, req.params.id, req.body)),
    }),
  );
  app.post<P & Note>(
    '/api/admin/orders/:id/hold',
    { schema: schemas.holdSchema },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await svc.hold(app.db, req.user!, req.params.id, req.body?.note)),
      }),
  );
  app.post<P & Note>(
    '/api/admin/orders/:id/unhold',
    { schema: schemas.unholdSchema },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await svc.unhold(app.db, req.user!, req.params.id, req.body?.note)),
      }),
  );
  app.post<P & Note>(
    '/api/admin/orders/:id/release',
    { schema: schemas.releaseSchema },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await svc.release(app, req.user!, req.params.id, req.body?.note)),
      }),
  );
}
