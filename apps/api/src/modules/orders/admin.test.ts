import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { account, balance, unbalancedPostings } from '../ledger/ledger.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
import { ordersService } from './service.ts';
import { payOnTestPage } from '../reviews/testing.ts';

// Staff refunds over real HTTP to the local Paystack-compatible server: never more than was
// paid, once per request key, with the ledger and the audit log written in the same transaction.
let w: World;
let admin: ReturnType<typeof as>;
let adminId: string;
const PW = 'Staff-Pepper-Soup-3';
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
  const a = await createUser(w.db, 'Admin', { passwordHash: await hashPassword(PW) });
  admin = as(w.app, a.cookie);
  adminId = a.user.id;
});
afterAll(() => w.close());

const dbLabel = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
let keyN = 0;
const key = () => `test-key-${++keyN}-${Date.now()}`;

/** A Paystack order for 2 of a part at ₦2,500, paid on the hosted test page. */
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
  const order = res.body.orders[0] as { id: number; number: string; totalKobo: number };
  return { s, buyer, order, reference: res.body.payment.reference as string };
}
const escrow = (id: number) => balance(w.db, account.escrow(id));
const refund = (id: number, body: Record<string, unknown>) =>
  admin.post(`/api/admin/orders/${id}/refund`, { requestKey: key(), password: PW, ...body });
const audit = (id: number) =>
  rows<{ action: string; actor_id: string; before: any; after: any }>(
    w.db,
    sql`select action, actor_id, before, after from audit_log
        where target_type = 'order' and target_id = ${String(id)} order by id`,
  );
/** Refunds the Paystack test server holds for a payment. */
const paystackRefunds = (paymentReference: string) =>
  w.count(
    sql`select count(*)::int as n from paystack_test_records where kind = 'refund' and reference = ${paymentReference}`,
  );

describe(`admin: orders and refunds (${dbLabel()})`, () => {
  it('finds an order by number, buyer e-mail or payment reference; shows its ledger', async () => {
    const { order, reference, buyer } = await paidOrder();
    for (const q of [order.number, String(order.id), buyer.user.email, reference]) {
      const r = await admin.get(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(r.body.items.map((i: any) => i.id)).toContain(order.id);
    }
    const one = await admin.get(`/api/admin/orders/${order.id}`);
    expect(one.status).toBe(200);
    expect(one.body.escrowKobo).toBe(order.totalKobo);
    expect(one.body.refundedKobo).toBe(0);
    const payment = one.body.postings.find((p: any) => p.kind === 'payment');
    expect(payment.entries).toContainEqual({
      account: `escrow:order:${order.id}`,
      amountKobo: order.totalKobo,
    });
    expect((await admin.get('/api/admin/orders/999999')).status).toBe(404);
  });

  it('refunds in part with the password again, once per key, never beyond escrow; audited', async () => {
    const { s, order, reference } = await paidOrder();
    const id = order.id;
    expect((await refund(id, { amountKobo: 1000, password: undefined })).status).toBe(401);
    const wrong = await refund(id, { amountKobo: 1000, password: 'guess-guess' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('PASSWORD_AGAIN');
    const k = key();
    const first = await refund(id, { amountKobo: 100_000, requestKey: k, note: 'Broken lens' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.escrowKobo).toBe(order.totalKobo - 100_000);
    // The same form sent again (a double tap, a retry) refunds nothing more.
    const again = await refund(id, { amountKobo: 100_000, requestKey: k });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This refund was already made');
    expect(await escrow(id)).toBe(order.totalKobo - 100_000);
    const over = await refund(id, { amountKobo: order.totalKobo });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/At most/);
    // The job sends it to Paystack.
    await runDueJobs(w.app);
    const got = await admin.get(`/api/admin/orders/${id}`);
    expect(got.body.refunds).toHaveLength(1);
    expect(got.body.refunds[0]).toMatchObject({ amountKobo: 100_000 });
    // Sent, or already processed when Paystack's webhook came first.
    expect(['sent', 'processed']).toContain(got.body.refunds[0].status);
    expect(await paystackRefunds(reference)).toBe(1);
    const posting = got.body.postings.find((p: any) => p.ref === got.body.refunds[0].reference);
    expect(posting.entries).toEqual([
      { account: `escrow:order:${id}`, amountKobo: -100_000 },
      { account: expect.stringMatching(/^buyer:.*:refunds$/), amountKobo: 100_000 },
    ]);
    expect(got.body.order.timeline.at(-1).note).toMatch(/refunded to the buyer/);
    expect(await audit(id)).toEqual([
      {
        action: 'order.refund',
        actor_id: adminId,
        before: { escrowKobo: order.totalKobo },
        after: {
          escrowKobo: order.totalKobo - 100_000,
          refundKobo: 100_000,
          reference: got.body.refunds[0].reference,
        },
      },
    ]);
    // Cancelled afterwards: the rest goes back, not the total again.
    const cancel = await as(w.app, s.cookie).post(`/api/store/orders/${id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await runDueJobs(w.app);
    const after = await admin.get(`/api/admin/orders/${id}`);
    expect(after.body.escrowKobo).toBe(0);
    expect(after.body.refundedKobo).toBe(order.totalKobo);
    expect((await refund(id, { amountKobo: 1 })).status).toBe(409);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('10 refunds at once, each of 40%: two succeed, escrow never below zero; one key 10 times at once: one refund', async () => {
    const { order } = await paidOrder();
    // Its own admin: the password-again counter of the other tests stays out of this one.
    const a = await createUser(w.db, 'Admin', { passwordHash: await hashPassword(PW) });
    const mine = as(w.app, a.cookie);
    const send = (amountKobo: number, requestKey = key()) =>
      mine.post(`/api/admin/orders/${order.id}/refund`, { amountKobo, requestKey, password: PW });
    const part = Math.floor(order.totalKobo * 0.4);
    const tries = await Promise.all(Array.from({ length: 10 }, () => send(part)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(2);
    expect(tries.filter((r) => r.status === 409)).toHaveLength(8);
    expect(await escrow(order.id)).toBe(order.totalKobo - 2 * part);
    const k = key();
    const same = await Promise.all(Array.from({ length: 10 }, () => send(10, k)));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    const got = await admin.get(`/api/admin/orders/${order.id}`);
    expect(got.body.refunds).toHaveLength(3);
    expect(got.body.refundedKobo).toBe(2 * part + 10);
    expect(await escrow(order.id)).toBe(order.totalKobo - 2 * part - 10);
    expect((await audit(order.id)).filter((e) => e.action === 'order.refund')).toHaveLength(3);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('holds escrow past the release date, lifts the hold, releases to the store; audited', async () => {
    const { s, order } = await paidOrder();
    const id = order.id;
    const seller = as(w.app, s.cookie);
    expect(
      (await admin.post(`/api/admin/orders/${id}/hold`, { note: 'Dispute by phone' })).status,
    ).toBe(200);
    expect((await admin.post(`/api/admin/orders/${id}/hold`)).status).toBe(409);
    await seller.post(`/api/store/orders/${id}/accept`);
    await seller.post(`/api/store/orders/${id}/ship`, { note: 'GIG' });
    expect((await seller.post(`/api/store/orders/${id}/deliver`)).status).toBe(200);
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${id}`,
    );
    await ordersService(w.app).autoRelease(id);
    expect((await admin.get(`/api/admin/orders/${id}`)).body.order.status).toBe('delivered');
    // A part refund, then the release: the store gets what escrow still holds, less commission.
    expect((await refund(id, { amountKobo: 50_000 })).status).toBe(200);
    expect((await admin.post(`/api/admin/orders/${id}/unhold`)).status).toBe(200);
    expect((await admin.post(`/api/admin/orders/${id}/unhold`)).status).toBe(409);
    const before = await balance(w.db, account.storeBalance(s.store.id));
    const rel = await admin.post(`/api/admin/orders/${id}/release`, { note: 'Checked' });
    expect(rel.status, JSON.stringify(rel.body)).toBe(200);
    const got = await admin.get(`/api/admin/orders/${id}`);
    expect(got.body.order.status).toBe('completed');
    expect(got.body.escrowKobo).toBe(0);
    const commission = got.body.order.commissionKobo;
    expect((await balance(w.db, account.storeBalance(s.store.id))) - before).toBe(
      order.totalKobo - 50_000 - commission,
    );
    expect((await refund(id, { amountKobo: 1 })).body.message).toMatch(/released to the store/);
    expect((await admin.post(`/api/admin/orders/${id}/release`)).status).toBe(409);
    expect((await audit(id)).map((a) => a.action)).toEqual([
      'order.hold',
      'order.refund',
      'order.unhold',
      'order.release',
    ]);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a cash order cannot be refunded or held here', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 2500, 5);
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'pay_on_delivery',
    });
    const id = res.body.orders[0].id;
    expect((await refund(id, { amountKobo: 100 })).body.message).toMatch(/cash order/);
    expect((await admin.post(`/api/admin/orders/${id}/hold`)).status).toBe(409);
  });
});
