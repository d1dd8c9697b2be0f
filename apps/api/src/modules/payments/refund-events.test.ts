import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
import { refundReference } from '../orders/service.ts';
import { payOnTestPage } from '../reviews/testing.ts';

// Paystack's refund events in their documented shape (transaction_reference, refund_reference,
// amount; no id of ours) move our refund record: "on its way" until Paystack says processed; a
// failed refund reaches staff (attention list) and the buyer (bell), once, whatever the order
// and number of the events.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

async function cancelledPaidOrder() {
  const s = await sellerWithStore(w.db);
  const p = await product(w.db, s.store, 4000, 5);
  const buyer = await createUser(w.db);
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: 'paystack',
  });
  expect(res.status).toBe(201);
  await payOnTestPage(w.app, res.body.payment.authorizationUrl);
  const order = res.body.orders[0];
  const cancelled = await as(w.app, s.cookie).post(`/api/store/orders/${order.id}/cancel`, {
    reason: 'Out of stock after all',
  });
  expect(cancelled.status).toBe(200);
  await runDueJobs(w.app);
  await w.paystack!.control.idle();
  return {
    buyer,
    order,
    ref: refundReference(order.id),
    payment: res.body.payment.reference as string,
  };
}

const refundStatus = async (ref: string) =>
  (
    await rows<{ status: string }>(w.db, sql`select status from refunds where reference = ${ref}`)
  )[0]?.status;
const failedNotices = async (userId: string) =>
  w.count(
    sql`select count(*)::int as n from notifications where user_id = ${userId} and type = 'refund_failed'`,
  );

describe(`refund events as Paystack documents them (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refund.processed: the order reads Refunded only after Paystack says so', async () => {
    w.paystack!.control.refundOutcome = 'hold';
    const { buyer, order, ref, payment } = await cancelledPaidOrder();
    expect(await refundStatus(ref)).toBe('sent');
    const before = await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`);
    expect(JSON.stringify(before.body)).toMatch(/on its way/);
    const events = w.paystack!.delivered.length;
    await w.paystack!.control.settleRefund(payment, 'processed');
    await w.paystack!.control.idle();
    expect(w.paystack!.delivered.length).toBeGreaterThan(events);
    const last = JSON.parse(w.paystack!.delivered.at(-1)!.body);
    expect(last.event).toBe('refund.processed');
    expect(last.data).toMatchObject({
      transaction_reference: expect.any(String),
      amount: expect.any(String),
    });
    expect(last.data.merchant_note).toBeUndefined();
    expect(await refundStatus(ref)).toBe('processed');
    const after = await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`);
    expect(JSON.stringify(after.body)).toMatch(/Refunded ₦/);
    // The same event again, or a late failed one, changes nothing.
    await w.paystack!.control.settleRefund(payment, 'failed');
    await w.paystack!.control.idle();
    expect(await refundStatus(ref)).toBe('processed');
    expect(await failedNotices(buyer.user.id)).toBe(0);
  });

  it('refund.failed, sent twice: staff see it on the attention list, the buyer is told once, the order says so', async () => {
    w.paystack!.control.refundOutcome = 'hold';
    const admin = await createUser(w.db, 'Admin');
    const attention = async () =>
      (await as(w.app, admin.cookie).get('/api/admin/attention')).body.items.find(
        (a: { key: string }) => a.key === 'refunds.failed',
      )?.count ?? 0;
    const before = await attention();
    const { buyer, order, ref, payment } = await cancelledPaidOrder();
    w.paystack!.control.eventCopies = 2;
    await w.paystack!.control.settleRefund(payment, 'failed');
    await w.paystack!.control.idle();
    w.paystack!.control.eventCopies = 1;
    expect(await refundStatus(ref)).toBe('failed');
    expect(await attention()).toBe(before + 1);
    expect(await failedNotices(buyer.user.id)).toBe(1);
    const view = await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`);
    expect(JSON.stringify(view.body)).not.toMatch(/Refunded ₦/);
    // Paystack retries and pays it after all: processed wins, and staff have nothing left.
    await w.paystack!.control.settleRefund(payment, 'processed');
    await w.paystack!.control.idle();
    expect(await refundStatus(ref)).toBe('processed');
    expect(await attention()).toBe(before);
  });

  it('refund.needs-attention (the bank would not take it back): failed for us, on the attention list, the buyer told, never "Refunded"', async () => {
    w.paystack!.control.refundOutcome = 'needs-attention';
    const admin = await createUser(w.db, 'Admin');
    const attention = async () =>
      (await as(w.app, admin.cookie).get('/api/admin/attention')).body.items.find(
        (a: { key: string }) => a.key === 'refunds.failed',
      )?.count ?? 0;
    const before = await attention();
    const from = w.paystack!.delivered.length;
    const { buyer, order, ref } = await cancelledPaidOrder();
    w.paystack!.control.refundOutcome = 'processed';
    // refund.pending and refund.needs-attention are delivered at once and may be answered in
    // either order (as Paystack's may arrive), so the last answered is not always the outcome.
    const events = w.paystack!.delivered.slice(from).map((d) => JSON.parse(d.body).event);
    expect(events).toContain('refund.needs-attention');
    expect(await refundStatus(ref)).toBe('failed');
    expect(await attention()).toBe(before + 1);
    expect(await failedNotices(buyer.user.id)).toBe(1);
    const view = await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`);
    expect(view.body.order.refunds).toMatchObject([{ state: 'failed' }]);
    expect(JSON.stringify(view.body)).not.toMatch(/Refunded ₦/);
  });
});
