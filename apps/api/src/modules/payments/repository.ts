import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';

export type PaymentRow = typeof s.payments.$inferSelect;
export type RefundRow = typeof s.refunds.$inferSelect;

export function paymentsRepository(db: Db) {
  return {
    async insert(p: typeof s.payments.$inferInsert) {
      await db.insert(s.payments).values(p);
    },

    async find(reference: string): Promise<PaymentRow | undefined> {
      return (await db.select().from(s.payments).where(eq(s.payments.reference, reference)))[0];
    },

    async saveAuthorization(reference: string, url: string, accessCode: string) {
      await db
        .update(s.payments)
        .set({ authorizationUrl: url, accessCode, updatedAt: new Date() })
        .where(eq(s.payments.reference, reference));
    },

    /** The one conditional update that decides who applies a payment: only its caller gets a row. */
    async markSucceeded(
      reference: string,
      paidAt: Date,
      channel: string | null,
    ): Promise<PaymentRow | undefined> {
      return (
        await db
          .update(s.payments)
          .set({ status: 'success', paidAt, channel, updatedAt: new Date() })
          .where(and(eq(s.payments.reference, reference), ne(s.payments.status, 'success')))
          .returning()
      )[0];
    },

    /** failed/abandoned, only while still pending (a success is never undone this way). */
    async markNotPaid(reference: string, status: 'failed' | 'abandoned') {
      await db
        .update(s.payments)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(s.payments.reference, reference), eq(s.payments.status, 'pending')));
    },

    async event(e: {
      reference: string;
      source: string;
      event: string;
      outcome: string;
      detail?: object;
    }) {
      await db.insert(s.paymentEvents).values({ ...e, detail: e.detail ?? {} });
    },

    async events(reference: string) {
      return db
        .select()
        .from(s.paymentEvents)
        .where(eq(s.paymentEvents.reference, reference))
        .orderBy(s.paymentEvents.id);
    },

    /** Records a refund once per (purpose, purpose id); false when it was already recorded. */
    async insertRefund(
      r: Pick<
        typeof s.refunds.$inferInsert,
        'reference' | 'paymentReference' | 'purpose' | 'purposeId' | 'amountKobo'
      >,
    ): Promise<boolean> {
      const got = await db
        .insert(s.refunds)
        .values(r)
        .onConflictDoNothing()
        .returning({ reference: s.refunds.reference });
      return got.length > 0;
    },

    async findRefund(reference: string): Promise<RefundRow | undefined> {
      return (await db.select().from(s.refunds).where(eq(s.refunds.reference, reference)))[0];
    },

    /**
     * The one conditional update that lets a caller send a refund: from `pending`, or from a
     * `sending` whose lease ran out (its process died). Only its caller gets the row.
     */
    async claimRefund(reference: string, leaseMs: number): Promise<RefundRow | undefined> {
      return (
        await db
          .update(s.refunds)
          .set({
            status: 'sending',
            attempts: sql`${s.refunds.attempts} + 1`,
            lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(s.refunds.reference, reference),
              or(
                eq(s.refunds.status, 'pending'),
                and(eq(s.refunds.status, 'sending'), sql`${s.refunds.lockedUntil} < now()`),
              ),
            ),
          )
          .returning()
      )[0];
    },

    /** Paystack holds the refund (its webhook may have said so first: then the status stays). */
    async refundSent(reference: string, paystackRefundId: number) {
      await db
        .update(s.refunds)
        .set({
          status: sql`case when ${s.refunds.status} = 'sending' then 'sent' else ${s.refunds.status} end`,
          paystackRefundId,
          lockedUntil: null,
          lastError: null,
          updatedAt: new Date(),
        })
        .where(eq(s.refunds.reference, reference));
    },

    /** The claim ends without an answer from Paystack: the next attempt asks Paystack first. */
    async releaseRefund(reference: string, error: string) {
      await db
        .update(s.refunds)
        .set({ status: 'pending', lockedUntil: null, lastError: error, updatedAt: new Date() })
        .where(and(eq(s.refunds.reference, reference), eq(s.refunds.status, 'sending')));
    },

    /**
     * The refund a Paystack refund event is about. Paystack's documented events carry the
     * transaction's reference and the amount (and its own refund reference); some also carry our
     * reference as merchant_note or Paystack's refund id. Matched by the most specific of these,
     * then, for a payment with two refunds of one amount, the oldest not yet settled.
     */
    async refundForEvent(m: {
      reference?: string;
      paystackRefundId?: number;
      paymentReference?: string;
      amountKobo?: number;
    }): Promise<RefundRow | undefined> {
      const [r] = await rows<{ reference: string }>(
        db,
        sql`select reference from refunds
          where reference = ${m.reference ?? null}
             or paystack_refund_id = ${m.paystackRefundId ?? null}
             or (payment_reference = ${m.paymentReference ?? null} and amount_kobo = ${m.amountKobo ?? null})
          order by (reference = ${m.reference ?? null}) is true desc,
                   (paystack_refund_id = ${m.paystackRefundId ?? null}) is true desc,
                   status in ('processed', 'failed') asc, created_at asc
          limit 1`,
      );
      return r ? this.findRefund(r.reference) : undefined;
    },

    /**
     * Moves a refund to Paystack's latest word, never backwards: a refund can fail and then be
     * processed (Paystack retries), never the reverse; `sent` only records that Paystack holds it.
     * Returns the row when it changed.
     */
    async refundState(reference: string, status: 'sent' | 'processed' | 'failed') {
      const from = {
        sent: ['pending', 'sending'],
        failed: ['pending', 'sending', 'sent'],
        processed: ['pending', 'sending', 'sent', 'failed'],
      }[status];
      return (
        await db
          .update(s.refunds)
          .set({ status, lockedUntil: null, updatedAt: new Date() })
          .where(and(eq(s.refunds.reference, reference), inArray(s.refunds.status, from)))
          .returning()
      )[0];
    },

    countRefundsFailed: async () =>
      Number(
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from refunds where status = 'failed'`,
          )
        )[0].n,
      ),

    buyerOf: async (paymentReference: string) =>
      (
        await rows<{ user_id: string | null }>(
          db,
          sql`select user_id from payments where reference = ${paymentReference}`,
        )
      )[0]?.user_id ?? null,

    async countSucceeded(purpose: string, purposeId: string) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.payments)
        .where(
          and(
            eq(s.payments.purpose, purpose),
            eq(s.payments.purposeId, purposeId),
            eq(s.payments.status, 'success'),
          ),
        );
      return r.n;
    },
  };
}
