import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import type { SessionUser } from '../../lib/session.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { queueMail } from '../../lib/mail.ts';
import { transaction } from '../../lib/tx.ts';
import { storeThenCommit } from '../../lib/uploads.ts';
import type { ProductPicture } from '../images/uploaded.ts';
import { imageUrl, srcset } from '../images/urls.ts';
import { recordAudit } from '../audit/service.ts';
import { defineAttention } from '../audit/attention.ts';
import { orderNumber } from '../orders/mails.ts';
import { clip, notificationsService, type Notice } from '../notifications/service.ts';
import { ESCROW_RELEASE_DAYS, ordersService, origin, type Who } from '../orders/service.ts';
import { refundState } from '../orders/states.ts';
import { paymentsService } from '../payments/service.ts';
import { disputesRepository, type DisputeRow, type MessageRow } from './repository.ts';
import { disputeMail, naira, REASONS } from './mails.ts';
import { disputeRefundReference, settleOrder } from './money.ts';
import type {
  DisputeDecideInput,
  DisputeAnswer,
  DisputeItem,
  DisputeList,
  DisputeMessage,
  DisputeOpenInput,
} from './types.ts';
import { iso } from '../../lib/time.ts';

/** A buyer may open a dispute until this many days after delivery (the escrow's quiet period). */
export const DISPUTE_WINDOW_DAYS = ESCROW_RELEASE_DAYS;
/** Unresolved this long after opening, staff decide. */
export const ESCALATE_DAYS = 5;
const DAY = 86_400_000;

type Viewer = 'buyer' | 'seller' | 'admin';
const clean = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .trim();

/** A decided refund is told as Paystack last gave it: refunded only once Paystack says so. */
function refundLabel(d: DisputeRow): string {
  const kobo = naira(Number(d.refund_kobo));
  const state = refundState(d.refund_status ?? '');
  if (state === 'refunded') return `Refunded ${kobo}`;
  if (state === 'failed')
    return `The refund of ${kobo} did not go through: SpareFinder staff are on it`;
  return `Settled: refund of ${kobo} on its way`;
}

function statusLabel(d: DisputeRow): string {
  if (d.status === 'resolved')
    return d.outcome === 'refund'
      ? refundLabel(d)
      : d.outcome === 'replacement'
        ? 'Settled: the store replaces the part'
        : d.outcome === 'release'
          ? 'Decided: the money went to the store'
          : 'Withdrawn by the buyer';
  if (d.status === 'offered')
    return d.offer === 'refund'
      ? `The store offers a refund of ${naira(Number(d.offer_kobo))}`
      : 'The store offers a replacement';
  return new Date(d.escalate_at).getTime() <= Date.now()
    ? 'Waiting for SpareFinder staff to decide'
    : 'Open: waiting for the store';
}

function actionsOf(d: DisputeRow, viewer: Viewer): string[] {
  if (d.status === 'resolved') return [];
  if (viewer === 'buyer')
    return ['message', 'photo', 'withdraw', ...(d.status === 'offered' ? ['accept'] : [])];
  if (viewer === 'seller') return ['message', 'photo', 'offer'];
  return ['message', 'decide'];
}

const toItem = (d: DisputeRow, viewer: Viewer): DisputeItem => ({
  id: d.id,
  order_id: d.order_id,
  product_id: d.product_id,
  product_name: d.product_name,
  line_total_kobo: Number(d.line_total_kobo),
  order_total_kobo: Number(d.order_total_kobo),
  payment_method: d.payment_method,
  store_id: d.store_id,
  store_name: d.store_name,
  buyer_name: d.buyer_name,
  reason: d.reason as DisputeItem['reason'],
  reason_label: REASONS[d.reason] ?? d.reason,
  status: d.status as DisputeItem['status'],
  status_label: statusLabel(d),
  offer: d.offer as DisputeItem['offer'],
  offer_kobo: d.offer_kobo === null ? null : Number(d.offer_kobo),
  outcome: d.outcome as DisputeItem['outcome'],
  refund_kobo: d.refund_kobo === null ? null : Number(d.refund_kobo),
  escalate_at: iso(d.escalate_at)!,
  resolved_at: iso(d.resolved_at),
  created_at: iso(d.created_at)!,
  viewer,
  actions: actionsOf(d, viewer),
});

const toMessage = (m: MessageRow): DisputeMessage => ({
  id: m.id,
  author: m.author_role as DisputeMessage['author'],
  author_name:
    m.author_role === 'system'
      ? 'SpareFinder'
      : m.author_role === 'admin'
        ? 'SpareFinder staff'
        : (m.author_name ?? ''),
  body: m.body,
  photo: m.photo_key ? { src: imageUrl(m.photo_key, 640), srcset: srcset(m.photo_key) } : null,
  created_at: iso(m.created_at)!,
});

// Staff see how many disputes wait for their decision (unsettled after 5 days).
defineAttention({
  key: 'disputes.open',
  label: 'Disputes to decide',
  href: '/admin/disputes?status=waiting',
  count: (db) => disputesRepository(db).awaitingStaff(),
});

export function disputesService(app: FastifyInstance) {
  const db = app.db;
  const repo = disputesRepository(db);
  const bell = notificationsService(app);
  const orders = ordersService(app);

  /** The dispute as this user may see it; 404 for anyone else (its existence is not told). */
  async function see(user: SessionUser, id: number): Promise<{ d: DisputeRow; viewer: Viewer }> {
    const d = await repo.one(id);
    if (d) {
      if (d.buyer_user_id === user.id) return { d, viewer: 'buyer' };
      if (d.store_owner_id === user.id) return { d, viewer: 'seller' };
      if (user.role === 'Admin') return { d, viewer: 'admin' };
    }
    throw notFound('There is no such dispute of yours');
  }

  async function answer(user: SessionUser, id: number, message: string): Promise<DisputeAnswer> {
    const { d, viewer } = await see(user, id);
    return {
      status: true,
      message,
      item: toItem(d, viewer),
      messages: (await repo.messages(id)).map(toMessage),
    };
  }

  /**
   * Tells the people of a dispute other than its author: the step's e-mail, and a bell notice
   * (with push and SMS where they have them), in `tx`; the bell rings live once it commits. A
   * seller who misses the e-mail still sees the dispute on the site.
   */
  async function tell(
    tx: Db,
    d: DisputeRow,
    by: Who,
    mail: string,
    title: string,
    /** Who made the change, when the step is the system's: mailed its record, not rung. */
    causedBy?: string,
  ) {
    const people = await disputesRepository(tx).emails([d.buyer_user_id, d.store_owner_id]);
    const notices: Notice[] = [];
    for (const uid of [d.buyer_user_id, d.store_owner_id]) {
      const p = people.get(uid);
      if (!p || uid === by.userId) continue;
      await queueMail(
        tx,
        disputeMail(
          p,
          { id: d.id, orderId: d.order_id, productName: d.product_name },
          mail,
          origin(app),
        ),
      );
      if (uid === causedBy) continue;
      notices.push({
        userId: uid,
        type: 'dispute',
        title: clip(title, 200),
        link: `/user/disputes/${d.id}`,
        event: { type: 'dispute.updated', disputeId: d.id },
        channels: { email: false },
      });
    }
    await bell.tell(tx, notices);
  }

  /** One step: a thread line and word to the buyer and the store (in `tx`, with the change). */
  async function step(
    tx: Db,
    d: DisputeRow,
    by: Who,
    body: string,
    mail: string,
    bell?: { title: string; causedBy: string },
  ) {
    const r = disputesRepository(tx);
    await r.message({ disputeId: d.id, authorUserId: by.userId, authorRole: by.role, body });
    await tell(
      tx,
      d,
      by,
      mail,
      bell?.title ?? `Dispute on order ${orderNumber(d.order_id)} (${d.product_name}): ${mail}`,
      bell?.causedBy,
    );
  }

  /** Locks the dispute; 409 once it is resolved. */
  async function lockOpen(tx: Db, id: number) {
    const row = await disputesRepository(tx).lock(id);
    if (!row) throw notFound('There is no such dispute');
    if (row.status === 'resolved') throw conflict('This dispute is already settled');
    return row;
  }

  /** Back to the normal escrow clock: released 7 days after delivery unless another dispute is open. */
  async function resumeEscrow(tx: Db, d: DisputeRow) {
    await disputesRepository(tx).clearOrderIfSettled(d.order_id);
    const o = await orders.findIn(tx, d.order_id);
    if (!o?.deliveredAt) return;
    const at = Math.max(Date.now(), o.deliveredAt.getTime() + ESCROW_RELEASE_DAYS * DAY);
    await enqueue(
      tx,
      'orders.release',
      { orderId: o.id },
      { key: `orders.release:${o.id}:dispute:${d.id}`, runAt: new Date(at) },
    );
  }

  async function refundAndClose(tx: Db, d: DisputeRow, kobo: number, by: Who, note: string) {
    // The order row locked first: staff refunding from the order's page wait for this.
    const o = await orders.lockedIn(tx, d.order_id);
    await settleOrder(orders, tx, o!, d.id, kobo, by, note);
    await disputesRepository(tx).resolve(d.id, kobo > 0 ? 'refund' : 'release', kobo, by.userId);
  }

  return {
    see,
    answer,

    /** A buyer's dispute on one delivered order line, within 7 days of delivery. */
    async open(user: SessionUser, input: DisputeOpenInput) {
      const line = await repo.line(input.orderId, input.productId);
      if (!line || line.buyer_user_id !== user.id)
        throw notFound('There is no such part in your orders');
      if (line.status !== 'delivered' || !line.delivered_at)
        throw conflict(
          line.status === 'completed'
            ? 'This order is completed and its money went to the store: contact support'
            : 'You can open a dispute once the order is delivered',
        );
      if (new Date(line.delivered_at).getTime() + DISPUTE_WINDOW_DAYS * DAY < Date.now())
        throw conflict(
          `A dispute can be opened within ${DISPUTE_WINDOW_DAYS} days of delivery: contact support`,
        );
      const body = clean(input.message);
      if (body.length < 5) throw badRequest('Say what is wrong with the part');
      const id = await transaction(db, async (tx) => {
        const r = disputesRepository(tx);
        const row = await r.insert({
          orderId: input.orderId,
          productId: input.productId,
          storeId: line.store_id,
          buyerUserId: user.id,
          reason: input.reason,
          escalateAt: new Date(Date.now() + ESCALATE_DAYS * DAY),
        });
        if (!row) throw conflict('There is already a dispute on this part of the order');
        // Escrow stops: no release happens while a dispute of the order is open.
        if (!(await r.markOrderDisputed(input.orderId)))
          throw conflict(
            'This order is completed and its money went to the store: contact support',
          );
        await r.message({
          disputeId: row.id,
          authorUserId: user.id,
          authorRole: 'buyer',
          body,
        });
        const d = (await r.one(row.id))!;
        await step(
          tx,
          d,
          { userId: null, role: 'system' },
          `Dispute opened (${REASONS[d.reason]}). The money stays held until it is settled; the store has ${ESCALATE_DAYS} days to offer a refund or a replacement, then SpareFinder staff decide.`,
          `A dispute was opened: ${REASONS[d.reason]}. "${clip(body, 300)}"`,
          {
            title: `New dispute on order ${orderNumber(d.order_id)}: ${d.product_name}, ${REASONS[d.reason]}. Answer within ${ESCALATE_DAYS} days or staff decide`,
            causedBy: user.id,
          },
        );
        await enqueue(
          tx,
          'disputes.escalate',
          { disputeId: row.id },
          { key: `disputes.escalate:${row.id}`, runAt: new Date(d.escalate_at) },
        );
        return row.id;
      });
      return answer(user, id, 'Your dispute is open: the money stays held until it is settled');
    },

    async message(user: SessionUser, id: number, text: string) {
      const { d, viewer } = await see(user, id);
      const body = clean(text);
      if (!body) throw badRequest('Write a message first');
      await transaction(db, async (tx) => {
        await lockOpen(tx, id);
        await disputesRepository(tx).message({
          disputeId: id,
          authorUserId: user.id,
          authorRole: viewer,
          body,
        });
        await tell(
          tx,
          d,
          { userId: user.id, role: viewer },
          `New message: "${clip(body, 300)}"`,
          `${viewer === 'buyer' ? d.buyer_name : viewer === 'seller' ? d.store_name : 'SpareFinder staff'} wrote on the dispute of order ${orderNumber(d.order_id)}: "${clip(body, 120)}"`,
        );
      });
      return answer(user, id, 'Your message is sent');
    },

    /** A photo in the thread (buyer or store). */
    async addPhoto(user: SessionUser, id: number, receive: () => Promise<ProductPicture>) {
      const { viewer } = await see(user, id);
      if (viewer === 'admin')
        throw badRequest('Staff write messages; photos come from the two sides');
      const picture = await receive();
      await storeThenCommit(app.storage, picture.files, () =>
        transaction(db, async (tx) => {
          await lockOpen(tx, id);
          await disputesRepository(tx).message({
            disputeId: id,
            authorUserId: user.id,
            authorRole: viewer,
            body: 'Photo',
            photoKey: picture.key,
          });
        }),
      );
      return answer(user, id, 'Your photo is in the dispute');
    },

    /** The store offers a refund (an amount) or a replacement. */
    async offer(
      user: SessionUser,
      id: number,
      kind: 'refund' | 'replacement',
      amountKobo?: number,
    ) {
      const { d, viewer } = await see(user, id);
      if (viewer !== 'seller') throw notFound('There is no such dispute of your store');
      let kobo: number | null = null;
      if (kind === 'refund') {
        kobo = amountKobo ?? Number(d.line_total_kobo);
        if (kobo <= 0 || kobo > Number(d.order_total_kobo))
          throw badRequest(
            `Offer a refund between ₦0.01 and the order's total, ${naira(Number(d.order_total_kobo))}`,
          );
        if (d.payment_method !== 'paystack')
          throw conflict(
            'The buyer paid you in cash: refund them in person, or offer a replacement',
          );
      }
      await transaction(db, async (tx) => {
        await lockOpen(tx, id);
        await disputesRepository(tx).offer(id, kind, kobo);
        const what =
          kind === 'refund'
            ? `The store offers a refund of ${naira(kobo!)}.`
            : 'The store offers to replace the part.';
        await step(
          tx,
          d,
          { userId: user.id, role: 'seller' },
          what,
          `${what} Accept it on the dispute's page, or answer there.`,
        );
      });
      return answer(user, id, 'Your offer is sent to the buyer');
    },

    /** The buyer accepts the store's offer: a refund is sent, a replacement lets escrow run again. */
    async accept(user: SessionUser, id: number) {
      const { viewer } = await see(user, id);
      if (viewer !== 'buyer') throw notFound('There is no such dispute of yours');
      await transaction(db, async (tx) => {
        const row = await lockOpen(tx, id);
        if (row.status !== 'offered') throw conflict('The store has made no offer yet');
        const d = (await disputesRepository(tx).one(id))!;
        const who: Who = { userId: user.id, role: 'buyer' };
        if (d.offer === 'refund') {
          const kobo = Number(d.offer_kobo);
          await refundAndClose(tx, d, kobo, who, `Dispute settled: ${naira(kobo)} refunded`);
          await step(
            tx,
            d,
            who,
            `The buyer accepted the refund of ${naira(kobo)}.`,
            `The refund of ${naira(kobo)} is accepted: Paystack returns it to the buyer's card or account.`,
          );
        } else {
          await disputesRepository(tx).resolve(id, 'replacement', null, user.id);
          await resumeEscrow(tx, d);
          await step(
            tx,
            d,
            who,
            'The buyer accepted a replacement.',
            'The replacement is accepted: the store sends the right part.',
          );
        }
      });
      return answer(user, id, 'Done: the dispute is settled');
    },

    async withdraw(user: SessionUser, id: number) {
      const { viewer } = await see(user, id);
      if (viewer !== 'buyer') throw notFound('There is no such dispute of yours');
      await transaction(db, async (tx) => {
        await lockOpen(tx, id);
        const d = (await disputesRepository(tx).one(id))!;
        await disputesRepository(tx).resolve(id, 'withdrawn', null, user.id);
        await resumeEscrow(tx, d);
        await step(
          tx,
          d,
          { userId: user.id, role: 'buyer' },
          'The buyer withdrew the dispute.',
          'The dispute was withdrawn.',
        );
      });
      return answer(user, id, 'Your dispute is withdrawn');
    },

    /** Staff decide: a full or partial refund through Paystack, or release to the store (audit log). */
    async decide(admin: SessionUser, id: number, input: DisputeDecideInput) {
      await see(admin, id);
      const note = clean(input.note);
      await transaction(db, async (tx) => {
        await lockOpen(tx, id);
        const d = (await disputesRepository(tx).one(id))!;
        const kobo =
          input.decision === 'refund' ? (input.amountKobo ?? Number(d.order_total_kobo)) : 0;
        if (input.decision === 'refund' && kobo <= 0)
          throw badRequest('A refund needs an amount above zero; choose release to pay the store');
        const who: Who = { userId: admin.id, role: 'admin' };
        const what =
          kobo > 0
            ? `SpareFinder staff decided: ${naira(kobo)} is refunded to the buyer${kobo < Number(d.order_total_kobo) ? ', the rest goes to the store' : ''}. ${note}`
            : `SpareFinder staff decided: the money goes to the store. ${note}`;
        await refundAndClose(tx, d, kobo, who, what);
        await recordAudit(tx, {
          actorId: admin.id,
          action: kobo > 0 ? 'dispute.refund' : 'dispute.release',
          targetType: 'dispute',
          targetId: id,
          before: { status: d.status },
          after: { status: 'resolved', outcome: kobo > 0 ? 'refund' : 'release', refundKobo: kobo },
          note,
        });
        await step(tx, d, who, what, what);
      });
      return answer(admin, id, 'Decided: both sides are told by e-mail');
    },

    /** The buyer's disputes and those of the stores they own, newest first. */
    async mine(user: SessionUser): Promise<DisputeList> {
      const stores = await repo.storesOwnedBy(user.id);
      const list = await repo.listMine(user.id, stores, 100);
      return {
        status: true,
        items: list.map((d) => toItem(d, d.buyer_user_id === user.id ? 'buyer' : 'seller')),
        storeOpen: await repo.openAgainst(stores),
      };
    },

    async forStaff(status: 'open' | 'waiting' | 'all' = 'open'): Promise<DisputeList> {
      return {
        status: true,
        items: (await repo.listForStaff(status, 100)).map((d) => toItem(d, 'admin')),
      };
    },

    /** Job: five days on and still open, staff take over (everyone is told). */
    async escalate(id: number) {
      const d = await repo.one(id);
      if (!d || d.status === 'resolved') return;
      await transaction(db, async (tx) => {
        const what = `Not settled within ${ESCALATE_DAYS} days: SpareFinder staff now decide (a refund or release to the store).`;
        await step(tx, d, { userId: null, role: 'system' }, what, what);
        await queueMail(tx, {
          to: app.config.supportEmail,
          subject: `Dispute ${d.id} needs a decision`,
          text: `Dispute ${d.id} on order ${orderNumber(d.order_id)} (${REASONS[d.reason]}) is unsettled after ${ESCALATE_DAYS} days.\n${origin(app)}/admin/disputes/${d.id}`,
        });
      });
    },

    /** Job: a dispute's refund goes to Paystack (once, however often this runs). */
    async sendRefund(id: number) {
      const outcome = await paymentsService(app).sendRefund(disputeRefundReference(id));
      if (outcome === 'busy')
        throw new HttpError(409, `Refund of dispute ${id} is being sent elsewhere`, 'CONFLICT');
    },
  };
}
