import { and, eq, ne, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

export type PaymentRow = typeof s.payments.$inferSelect;

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
