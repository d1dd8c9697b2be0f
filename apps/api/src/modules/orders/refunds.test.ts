import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { transaction } from '../../lib/tx.ts';
import { balance, post, unbalancedPostings } from '../ledger/ledger.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  stockOf,
  type World,
} from '../checkout/testing.ts';
import { ordersService, refundReference } from './service.ts';
import { payOnTestPage } from '../reviews/testing.ts';

// Refunds over real HTTP to the local Paystack-compatible server on its own port, which counts
// the calls it receives: however many cancels, refund attempts and job runs meet, one refund
// reaches Paystack and one ledger posting moves the escrow back to the buyer.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

const count = (q: ReturnType<typeof sql>) => w.count(q);
const refundCalls = () => w.paystack!.requests.filter((r) => r === 'POST /refund').length;

/** A Paystack order for 2 of a part (5 in stock), paid on the hosted test page. */
async function paidOrder() {
  const s = await sellerWithStore(w.db);
  const p = await product(w.db, s.store, 2500, 5);
  const buyer = await createUser(w.db);
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 2 }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: 'paystack',
  });
  expect(res.status).toBe(201);
  await payOnTestPage(w.app, res.body.payment.authorizationUrl);
  const order = res.body.orders[0];
  expect((await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order.status).toBe(
    'paid',
  );
  return { s, p, buyer, order, reference: res.body.payment.reference as string };
}

const refundsAtPaystack = (reference: string) =>
  count(
    sql`select count(*)::int as n from paystack_test_records where kind = 'refund' and reference = ${reference}`,
  );
const postings = (kind: string, orderId: number) =>
  count(
    sql`select count(*)::int as n from ledger_postings where kind = ${kind} and ref = ${String(orderId)}`,
  );

/** The job run again as if its process died after the work (the lease ran out). */
const retryJob = (key: string) =>
  w.db.execute(
    sql`update jobs set done_at = null, failed_at = null, locked_until = null, run_at = now() where key = ${key}`,
  );

describe(`refunds (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('50 cancels and refund attempts at once, job runs among them, then a job retry: one refund at Paystack, one ledger posting', async () => {
    const { s, p, buyer, order, reference } = await paidOrder();
    const callsBefore = refundCalls();
    const buyerApi = as(w.app, buyer.cookie);
    const sellerApi = as(w.app, s.cookie);
    const attempts: Promise<number>[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 5 === 0)
        attempts.push(
          ordersService(w.app)
            .refund(order.id)
            .then(
              () => -1,
              () => -2,
            ),
        );
      else if (i % 5 === 1) attempts.push(runDueJobs(w.app).then(() => -3));
      else if (i % 2 === 0)
        attempts.push(buyerApi.post(`/api/orders/${order.id}/cancel`).then((r) => r.status));
      else
        attempts.push(
          sellerApi
            .post(`/api/store/orders/${order.id}/cancel`, { reason: 'Out of stock after all' })
            .then((r) => r.status),
        );
    }
    const answers = await Promise.all(attempts);
    const cancels = answers.filter((a) => a > 0);
    expect(cancels.filter((a) => a >= 500)).toEqual([]);
    expect(cancels.filter((a) => a === 200)).toHaveLength(1);
    expect(cancels.filter((a) => a === 409)).toHaveLength(cancels.length - 1);
    // Whatever ran before the cancel committed found nothing to do; the job finishes the work.
    await runDueJobs(w.app);
    // The job again, as after a lease that ran out, and the refund asked for directly.
    await retryJob(`orders.refund:${order.id}`);
    await Promise.all([runDueJobs(w.app), ordersService(w.app).refund(order.id)]);

    expect(refundCalls() - callsBefore).toBe(1);
    expect(await refundsAtPaystack(reference)).toBe(1);
    expect(await postings('refund', order.id)).toBe(1);
    expect(await postings('release', order.id)).toBe(0);
    expect(await balance(w.db, `escrow:order:${order.id}`)).toBe(0);
    expect(await balance(w.db, `buyer:${buyer.user.id}:refunds`)).toBe(order.totalKobo);
    expect(await stockOf(w.db, p.prodId)).toBe(5);
    const now = (await buyerApi.get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('refunded');
    expect(now.timeline.map((e: any) => e.to)).toEqual([
      'pending_payment',
      'paid',
      'cancelled',
      'refunded',
    ]);
    const [r] = await rows<{ status: string; paystack_refund_id: number | null }>(
      w.db,
      sql`select status, paystack_refund_id from refunds where reference = ${refundReference(order.id)}`,
    );
    expect(r.paystack_refund_id).not.toBeNull();
    expect(['sent', 'processed']).toContain(r.status);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a refund Paystack accepted just before its process died is found there, not sent again', async () => {
    const { s, buyer, order, reference } = await paidOrder();
    const cancelled = await as(w.app, s.cookie).post(`/api/store/orders/${order.id}/cancel`, {
      reason: 'Damaged in the shop',
    });
    expect(cancelled.status).toBe(200);
    const ref = refundReference(order.id);
    // A worker claimed the refund, Paystack accepted it, and the worker died before saying so.
    await w.app.paystack!.refund({ reference, amountKobo: order.totalKobo, merchantNote: ref });
    // ... and Paystack's refund.processed webhook is lost.
    for (let i = 0; i < 100; i++) {
      if (w.paystack!.delivered.some((d) => d.body.includes(ref))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await w.db.execute(
      sql`update refunds set status = 'sending', attempts = 1, paystack_refund_id = null,
          locked_until = now() + interval '1 minute' where reference = ${ref}`,
    );
    const callsBefore = refundCalls();
    // Its claim still runs: the job waits for it (no call to Paystack) and tries again later.
    await runDueJobs(w.app);
    expect(refundCalls()).toBe(callsBefore);
    const [job] = await rows<{ attempts: number; last_error: string; done_at: Date | null }>(
      w.db,
      sql`select attempts, last_error, done_at from jobs where key = ${`orders.refund:${order.id}`}`,
    );
    expect(job.done_at).toBeNull();
    expect(job.last_error).toMatch(/being sent elsewhere/);
    // The claim runs out; the job's next attempt asks Paystack and finds the refund.
    await w.db.execute(
      sql`update refunds set locked_until = now() - interval '1 second' where reference = ${ref}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 10 * 60_000) });
    expect(refundCalls()).toBe(callsBefore);
    expect(w.paystack!.requests).toContain('GET /refund');
    expect(await refundsAtPaystack(reference)).toBe(1);
    expect(await postings('refund', order.id)).toBe(1);
    const now = (await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('refunded');
    expect(
      await count(
        sql`select count(*)::int as n from payment_events where reference = ${reference} and event = 'refund.found'`,
      ),
    ).toBe(1);
  });

  it('Paystack refuses the refund for a while: tried again later, sent once it accepts', async () => {
    const { s, order, reference } = await paidOrder();
    await as(w.app, s.cookie).post(`/api/store/orders/${order.id}/cancel`, {
      reason: 'Wrong part listed',
    });
    // The payment's reference is unknown to Paystack for a moment: its refund is refused.
    await w.db.execute(
      sql`update paystack_test_records set code = code || '-away' where kind = 'transaction' and code = ${reference}`,
    );
    const callsBefore = refundCalls();
    await runDueJobs(w.app);
    expect(refundCalls() - callsBefore).toBe(1);
    const [r] = await rows<{ status: string; attempts: number; last_error: string }>(
      w.db,
      sql`select status, attempts, last_error from refunds where reference = ${refundReference(order.id)}`,
    );
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.last_error).toMatch(/Transaction not found/);
    await w.db.execute(
      sql`update paystack_test_records set code = ${reference} where kind = 'transaction' and code = ${`${reference}-away`}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 10 * 60_000) });
    expect(refundCalls() - callsBefore).toBe(2);
    expect(await refundsAtPaystack(reference)).toBe(1);
    expect(await postings('refund', order.id)).toBe(1);
  });

  it('cancels racing the escrow release of a delivered order: the store is paid once, nothing refunded; escrow never leaves twice', async () => {
    const { s, buyer, order } = await paidOrder();
    const seller = as(w.app, s.cookie);
    for (const step of ['accept', 'ship', 'deliver'])
      expect((await seller.post(`/api/store/orders/${order.id}/${step}`)).status).toBe(200);
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${order.id}`,
    );
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        as(w.app, buyer.cookie)
          .post(`/api/orders/${order.id}/received`)
          .then((r) => r.status),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        (i % 2
          ? seller.post(`/api/store/orders/${order.id}/cancel`, { reason: 'Changed my mind' })
          : as(w.app, buyer.cookie).post(`/api/orders/${order.id}/cancel`)
        ).then((r) => r.status),
      ),
      ...Array.from({ length: 10 }, () =>
        ordersService(w.app)
          .autoRelease(order.id)
          .then(() => 0),
      ),
    ]);
    expect(answers.filter((a) => a >= 500)).toEqual([]);
    expect(answers.filter((a) => a === 200).length).toBeLessThanOrEqual(1);
    expect(await postings('release', order.id)).toBe(1);
    expect(await postings('refund', order.id)).toBe(0);
    expect(await balance(w.db, `escrow:order:${order.id}`)).toBe(0);
    expect(await balance(w.db, `buyer:${buyer.user.id}:refunds`)).toBe(0);
    // The ledger itself refuses to refund an escrow already released.
    await expect(
      transaction(w.db, (tx) =>
        post(tx, {
          kind: 'refund',
          ref: String(order.id),
          entries: [
            { account: `escrow:order:${order.id}`, amountKobo: -order.totalKobo },
            { account: `buyer:${buyer.user.id}:refunds`, amountKobo: order.totalKobo },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(await postings('refund', order.id)).toBe(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });
});
