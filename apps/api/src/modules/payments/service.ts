import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { HttpError } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { metrics } from '../../lib/metrics.ts';
import { defineAttention } from '../audit/attention.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { account, post, type Entry } from '../ledger/ledger.ts';
import { PaystackError, type PaystackRefund, type PaystackTransaction } from './paystack-client.ts';
import { paymentsRepository, type PaymentRow } from './repository.ts';
import { CALLBACK_PATH } from './setup.ts';

/**
 * What a domain does when one of its payments succeeds, inside the transaction that marks the
 * payment paid: move its records and say where the money goes (ledger entries summing to the
 * amount, credited against Paystack clearing). `after` runs once the transaction committed.
 */
export type PaymentHandler = (
  tx: Db,
  payment: PaymentRow,
  app: FastifyInstance,
) => Promise<{ entries: Entry[]; after?: () => Promise<void> }>;

interface Purpose {
  onSucceeded: PaymentHandler;
  /** The page the buyer returns to after paying. */
  returnTo: (payment: PaymentRow) => string;
}
const purposes = new Map<string, Purpose>();

/** Declares what a payment purpose (`order`, `subscription` …) does when paid. */
export function onPaymentSucceeded(
  purpose: string,
  onSucceeded: PaymentHandler,
  returnTo: (payment: PaymentRow) => string,
) {
  purposes.set(purpose, { onSucceeded, returnTo });
}

type WebhookHandler = (app: FastifyInstance, data: any) => Promise<void>;
const webhookHandlers = new Map<string, WebhookHandler>();
/** transfer.success, transfer.failed …: events other than charges, handled by their domain. */
export function onPaystackEvent(event: string, handler: WebhookHandler) {
  webhookHandlers.set(event, handler);
}

/**
 * The e-mail Paystack is given for a payment (it requires one). An account made with a phone
 * number alone pays under a stand-in address of our own domain, which receives nothing:
 * Paystack's receipt is then not sent, ours is (decision 0029).
 */
export const payerEmail = (u: { email: string | null; phone: string }) =>
  u.email ?? `${u.phone.replace(/\D/g, '')}@phone.sparefinder.ng`;

export const newReference = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(6).toString('hex')}`;

/**
 * A transfer reference as Paystack accepts it: lowercase letters, digits, `-` and `_` only
 * (it refuses others), unique, and kept for every retry of the same transfer.
 */
export const newTransferReference = (prefix: string) => newReference(prefix).toLowerCase();

defineAttention({
  key: 'refunds.failed',
  label: 'Refunds Paystack could not pay back',
  href: '/admin/orders',
  count: (db) => paymentsRepository(db).countRefundsFailed(),
});

export type SettleOutcome = 'applied' | 'duplicate' | 'mismatch' | 'not_paid' | 'unknown';

/**
 * How long a caller may take to send a refund before another may try: well beyond the HTTP
 * client's timeout, so a claim only lapses when its process died.
 */
export const REFUND_LEASE_MS = 2 * 60_000;

export interface RefundRequest {
  /** Ours and deterministic (one per thing refunded); Paystack keeps it as merchant_note. */
  reference: string;
  paymentReference: string;
  purpose: string;
  purposeId: string;
  amountKobo: number;
}

/** sent: Paystack holds it (now or earlier); busy: another caller is sending it right now. */
export type RefundOutcome = 'sent' | 'processed' | 'failed' | 'busy';

/** A new payment, written in the transaction of what it pays for (an order, a plan). */
export const createPayment = (
  tx: Db,
  p: Parameters<ReturnType<typeof paymentsRepository>['insert']>[0],
) => paymentsRepository(tx).insert(p);
export const findPayment = (db: Db, reference: string) => paymentsRepository(db).find(reference);

/**
 * Records that a payment (or part of it) is to go back, in the transaction of the change that
 * owes it. Once per (purpose, purpose id): recording it again changes nothing.
 */
export const recordRefund = (tx: Db, r: RefundRequest) => paymentsRepository(tx).insertRefund(r);
export const findRefund = (db: Db, reference: string) =>
  paymentsRepository(db).findRefund(reference);

/** Talking to Paystack: starting payments, applying its answers and webhooks, sending refunds. */
export function paymentsService(app: FastifyInstance) {
  const svc = {
    /** Starts (or resumes) a payment at Paystack: the page to send the buyer to. */
    async authorize(reference: string): Promise<string> {
      const p = await paymentsRepository(app.db).find(reference);
      if (!p) throw new HttpError(404, 'No such payment', 'NOT_FOUND');
      if (p.status === 'success')
        throw new HttpError(409, 'This payment is already made', 'CONFLICT');
      if (p.authorizationUrl) return p.authorizationUrl;
      if (!app.paystack)
        throw new HttpError(
          409,
          'Card, transfer and USSD payments are not available right now. Please choose pay on delivery.',
          'CONFLICT',
        );
      try {
        const got = await app.paystack.initialize({
          email: p.email,
          amountKobo: Number(p.amountKobo),
          reference: p.reference,
          callbackUrl: `${app.config.publicUrl ?? ''}${CALLBACK_PATH}`,
          metadata: { purpose: p.purpose, purpose_id: p.purposeId },
        });
        await paymentsRepository(app.db).saveAuthorization(
          reference,
          got.authorizationUrl,
          got.accessCode,
        );
        return got.authorizationUrl;
      } catch (err) {
        if (!(err instanceof PaystackError)) throw err;
        app.log.warn({ err, reference }, 'Paystack initialize failed');
        throw new HttpError(
          503,
          'Paystack did not answer. Your order is saved: please try paying again in a minute.',
          'UNAVAILABLE',
        );
      }
    },

    /**
     * Applies what Paystack says about a transaction (from a webhook or a verify call). Safe to
     * call any number of times in any order: the conditional update lets one caller apply it.
     */
    async settle(t: PaystackTransaction, source: 'webhook' | 'verify'): Promise<SettleOutcome> {
      const db = app.db;
      const p = await paymentsRepository(db).find(t.reference);
      if (!p) {
        app.log.warn({ reference: t.reference, source }, 'Paystack: unknown reference');
        return 'unknown';
      }
      if (t.status !== 'success') {
        if (t.status === 'failed' || t.status === 'abandoned')
          await paymentsRepository(db).markNotPaid(p.reference, t.status);
        return 'not_paid';
      }
      if (Number(t.amount) !== Number(p.amountKobo) || t.currency !== p.currency) {
        // Never paid on a different amount or currency: staff look at it (log and events).
        app.log.error(
          {
            reference: p.reference,
            expected: { amount: Number(p.amountKobo), currency: p.currency },
            got: { amount: t.amount, currency: t.currency },
            source,
          },
          'Paystack: amount or currency does not match the payment; not applied',
        );
        await paymentsRepository(db).event({
          reference: p.reference,
          source,
          event: 'charge.success',
          outcome: 'mismatch',
          detail: { amount: t.amount, currency: t.currency, expected: Number(p.amountKobo) },
        });
        return 'mismatch';
      }
      const purpose = purposes.get(p.purpose);
      if (!purpose) throw new Error(`no payment handler for purpose ${p.purpose}`);
      let after: (() => Promise<void>) | undefined;
      // lib/tx's transaction, so what a handler defers with afterCommit (the bell's live ring)
      // runs once the payment is committed, never inside it.
      const applied = await transaction(db, async (tx) => {
        const won = await paymentsRepository(tx as unknown as Db).markSucceeded(
          p.reference,
          t.paid_at ? new Date(t.paid_at) : new Date(),
          t.channel ?? null,
        );
        if (!won) return false;
        const res = await purpose.onSucceeded(tx as unknown as Db, won, app);
        after = res.after;
        await post(tx as unknown as Db, {
          kind: 'payment',
          ref: p.reference,
          memo: `Paystack ${t.channel ?? ''} payment for ${p.purpose} ${p.purposeId}`.trim(),
          entries: [
            { account: account.clearing, amountKobo: -Number(p.amountKobo) },
            ...res.entries,
          ],
        });
        await paymentsRepository(tx as unknown as Db).event({
          reference: p.reference,
          source,
          event: 'charge.success',
          outcome: 'applied',
          detail: { channel: t.channel },
        });
        return true;
      });
      if (!applied) return 'duplicate';
      if (after) await after().catch((err) => app.log.error({ err }, 'after payment'));
      return 'applied';
    },

    /**
     * Sends a recorded refund to Paystack, once however many callers ask at the same time or
     * again later: only the caller that claims the row calls Paystack, and a claim after the
     * first asks Paystack for a refund carrying our reference before sending another (an earlier
     * attempt may have been accepted and then lost with its process).
     */
    async sendRefund(reference: string): Promise<RefundOutcome> {
      if (!app.paystack) throw new Error('Paystack is not configured: the refund waits');
      const claimed = await paymentsRepository(app.db).claimRefund(reference, REFUND_LEASE_MS);
      if (!claimed) {
        const r = await paymentsRepository(app.db).findRefund(reference);
        if (!r) throw new Error(`No refund ${reference} is recorded`);
        return r.status === 'sending' || r.status === 'pending'
          ? 'busy'
          : (r.status as RefundOutcome);
      }
      const amountKobo = Number(claimed.amountKobo);
      try {
        let found: PaystackRefund | undefined;
        if (claimed.attempts > 1) {
          const t = await app.paystack.verify(claimed.paymentReference);
          if (t)
            found = (await app.paystack.listRefunds(t.id)).find(
              (x) => x.merchant_note === reference && x.status !== 'failed',
            );
        }
        const rf =
          found ??
          (await app.paystack.refund({
            reference: claimed.paymentReference,
            amountKobo,
            merchantNote: reference,
          }));
        await paymentsRepository(app.db).refundSent(reference, rf.id);
        await paymentsRepository(app.db).event({
          reference: claimed.paymentReference,
          source: 'refund',
          event: found ? 'refund.found' : 'refund.create',
          outcome: 'applied',
          detail: { refund: reference, paystackRefundId: rf.id, amount: amountKobo },
        });
        return 'sent';
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await paymentsRepository(app.db).releaseRefund(reference, message);
        app.log.warn({ err: message, reference }, 'Paystack refund not sent; tried again later');
        throw err;
      }
    },

    /** Asks Paystack about a reference and applies the answer. */
    async verify(reference: string): Promise<SettleOutcome> {
      if (!app.paystack) return 'not_paid';
      const t = await app.paystack.verify(reference);
      if (!t) return 'unknown';
      return svc.settle(t, 'verify');
    },

    returnTo(p: PaymentRow): string {
      return purposes.get(p.purpose)?.returnTo(p) ?? '/';
    },

    /**
     * Paystack's word on a refund, in its documented shape (refund.pending, .processing,
     * .processed, .failed, .needs-attention). The buyer is told "on its way" until Paystack says
     * processed; a refund Paystack could not pay (failed, or needing the merchant's attention) goes
     * on the staff attention list and the buyer hears that staff are on it.
     */
    async refundEvent(event: string, data: any) {
      const amount = Number(data?.amount);
      const id = Number(data?.id);
      const r = await paymentsRepository(app.db).refundForEvent({
        reference: typeof data?.merchant_note === 'string' ? data.merchant_note : undefined,
        paystackRefundId: Number.isSafeInteger(id) && id > 0 ? id : undefined,
        paymentReference:
          typeof data?.transaction_reference === 'string' ? data.transaction_reference : undefined,
        amountKobo: Number.isSafeInteger(amount) ? amount : undefined,
      });
      if (!r) {
        app.log.warn(
          { event, transaction: data?.transaction_reference },
          'Paystack refund event for no refund of ours',
        );
        return;
      }
      const status =
        event === 'refund.processed'
          ? 'processed'
          : event === 'refund.failed' || event === 'refund.needs-attention'
            ? 'failed'
            : 'sent';
      const changed = await paymentsRepository(app.db).refundState(r.reference, status);
      await paymentsRepository(app.db).event({
        reference: r.paymentReference,
        source: 'webhook',
        event,
        outcome: changed ? 'applied' : 'duplicate',
        detail: { refund: r.reference, refundReference: data?.refund_reference ?? null },
      });
      if (!changed || status === 'sent') return;
      metrics.refunds.inc({ outcome: status });
      if (status !== 'failed') return;
      app.log.error({ refund: r.reference, payment: r.paymentReference }, 'Paystack refund failed');
      const buyer = await paymentsRepository(app.db).buyerOf(r.paymentReference);
      if (!buyer) return;
      const notice: Notice = {
        userId: buyer,
        type: 'refund_failed',
        title: `Your refund of ${formatKobo(Number(r.amountKobo))} could not be paid back to your card yet: SpareFinder staff are on it and will contact you`,
        link: r.purpose === 'order' ? `/user/orders/${r.purposeId}` : '/user/notifications',
        event: { type: 'refund.failed', purpose: r.purpose, purposeId: r.purposeId },
      };
      const notices = notificationsService(app);
      await notices.record(app.db, [notice]);
      await notices.announce([notice]);
    },

    async webhookEvent(event: string, data: any): Promise<void> {
      if (event === 'charge.success') {
        await svc.settle(data as PaystackTransaction, 'webhook');
        return;
      }
      if (event.startsWith('refund.')) {
        await svc.refundEvent(event, data);
        return;
      }
      const h = webhookHandlers.get(event);
      if (h) await h(app, data);
      else app.log.info({ event }, 'Paystack webhook ignored');
    },
  };
  return svc;
}
export type PaymentsService = ReturnType<typeof paymentsService>;
