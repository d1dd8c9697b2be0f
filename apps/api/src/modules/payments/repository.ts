import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

export type PaymentRow = typeof s.payments.$inferSelect;
export type RefundRow = typeof s.refunds.$inferSelect;

export const paymentsRepository = {
  async insert(tx: Db, p: typeof s.payments.$inferInsert) {
    await tx.insert(s.payments).values(p);
  },

  async find(db: Db, reference: string): Promise<PaymentRow | undefined> {
    return (await db.select().from(s.payments).where(eq(s.payments.reference, reference)))[0];
  },

  async saveAuthorization(db: Db, reference: string, url: string, accessCode: string) {
    await db
      .update(s.payments)
      .set({ authorizationUrl: url, accessCode, updatedAt: new Date() })
      .where(eq(s.payments.reference, reference));
  },

  /** The one conditional update that decides who applies a payment: only its caller gets a row. */
  async markSucceeded(
    tx: Db,
    reference: string,
    paidAt: Date,
    channel: string | null,
  ): Promise<PaymentRow | undefined> {
    return (
      await tx
        .update(s.payments)
        .set({ status: 'success', paidAt, channel, updatedAt: new Date() })
        .where(and(eq(s.payments.reference, reference), ne(s.payments.status, 'success')))
        .returning()
    )[0];
  },

  /** failed/abandoned, only while still pending (a success is never undone this way). */
  async markNotPaid(db: Db, reference: string, status: 'failed' | 'abandoned') {
    await db
      .update(s.payments)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(s.payments.reference, reference), eq(s.payments.status, 'pending')));
  },

  async event(
    db: Db,
    e: { reference: string; source: string; event: string; outcome: string; detail?: object },
  ) {
    await db.insert(s.paymentEvents).values({ ...e, detail: e.detail ?? {} });
  },

  async events(db: Db, reference: string) {
    return db
      .select()
      .from(s.paymentEvents)
      .where(eq(s.paymentEvents.reference, reference))
      .orderBy(s.paymentEvents.id);
  },

  /** Records a refund once per (purpose, purpose id); false when it was already recorded. */
  async insertRefund(
    tx: Db,
    r: Pick<
      typeof s.refunds.$inferInsert,
      'reference' | 'paymentReference' | 'purpose' | 'purposeId' | 'amountKobo'
    >,
  ): Promise<boolean> {
    const got = await tx
      .insert(s.refunds)
      .values(r)
      .onConflictDoNothing()
      .returning({ reference: s.refunds.reference });
    return got.length > 0;
  },

  async findRefund(db: Db, reference: string): Promise<RefundRow | undefined> {
    return (await db.select().from(s.refunds).where(eq(s.refunds.reference, reference)))[0];
  },

  /**
   * The one conditional update that lets a caller send a refund: from `pending`, or from a
   * `sending` whose lease ran out (its process died). Only its caller gets the row.
   */
  async claimRefund(db: Db, reference: string, leaseMs: number): Promise<RefundRow | undefined> {
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
  async refundSent(db: Db, reference: string, paystackRefundId: number) {
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
  async releaseRefund(db: Db, reference: string, error: string) {
    await db
      .update(s.refunds)
      .set({ status: 'pending', lockedUntil: null, lastError: error, updatedAt: new Date() })
      .where(and(eq(s.refunds.reference, reference), eq(s.refunds.status, 'sending')));
  },

  /** Paystack's word on a refund (webhook): by its id, or by our reference in merchant_note. */
  async refundOutcome(
    db: Db,
    match: { paystackRefundId?: number; reference?: string },
    status: 'processed' | 'failed',
  ): Promise<RefundRow | undefined> {
    const by = [
      match.paystackRefundId !== undefined
        ? eq(s.refunds.paystackRefundId, match.paystackRefundId)
        : undefined,
      match.reference ? eq(s.refunds.reference, match.reference) : undefined,
    ].filter((x) => x !== undefined);
    if (by.length === 0) return undefined;
    return (
      await db
        .update(s.refunds)
        .set({
          status,
          lockedUntil: null,
          ...(match.paystackRefundId !== undefined
            ? {
                paystackRefundId: sql`coalesce(${s.refunds.paystackRefundId}, ${match.paystackRefundId})`,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(or(...by), inArray(s.refunds.status, ['sending', 'sent', 'processed'])))
        .returning()
    )[0];
  },

  async countSucceeded(db: Db, purpose: string, purposeId: string) {
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
