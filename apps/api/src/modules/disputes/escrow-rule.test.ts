import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { dbLabel } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { HttpError } from '../../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { account, balance, unbalancedPostings } from '../ledger/ledger.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  paystackOrder,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
import { orderUpTo, payOnTestPage } from '../reviews/testing.ts';
import { ordersService } from '../orders/service.ts';

// Escrow never leaves while a dispute of the order is open, whoever asks (the buyer, the release
// job, staff, the settlement of another dispute of the same order); refunds show on the order in
// the state Paystack last told. Over real HTTP to the local Paystack-compatible server.
let w: World;
let admin: ReturnType<typeof as>;
const PW = 'Staff-Egusi-Soup-7';
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
  const a = await createUser(w.db, 'Admin', { passwordHash: await hashPassword(PW) });
  admin = as(w.app, a.cookie);
});
afterAll(() => w.close());

const DAY = 86_400_000;
const dispute = (orderId: number, productId: number) => ({
  orderId,
  productId,
  reason: 'wrong_part',
  message: 'I ordered a left headlamp and received a right one.',
});
const statusOf = async (id: number) =>
  (await rows<{ status: string }>(w.db, sql`select status from orders where id = ${id}`))[0].status;
const releases = (id: number) =>
  w.count(
    sql`select count(*)::int as n from ledger_postings where kind = 'release' and ref = ${String(id)}`,
  );
/**
 * Paystack's word on a refund, as its refund.processed / refund.failed event leaves it in the
 * refunds record (the payments module reads those events; these tests are about what the order
 * shows from the record).
 */
const paystackSays = (reference: string, status: 'processed' | 'failed') =>
  w.db.execute(
    sql`update refunds set status = ${status}, updated_at = now() where reference = ${reference}`,
  );

describe(`escrow and disputes (${dbLabel()})`, () => {
  it('while a dispute is open every release is refused: the buyer, the job, staff; after a decision for the store it is released once', async () => {
    const x = await orderUpTo(w, 'delivered');
    const buyer = as(w.app, x.buyer.cookie);
    // Before a dispute the buyer is offered 'I received it' and told what the store receives.
    const before = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(before.actions).toContain('receive');
    expect(before.disputeOpen).toBe(false);
    const commission = Math.round(x.order.subtotalKobo * 0.05);
    expect(before.storeReceivesKobo).toBe(x.order.totalKobo - commission);

    const opened = await buyer.post('/api/disputes', dispute(x.order.id, x.p.prodId));
    expect(opened.status).toBe(201);
    const id = opened.body.item.id;

    const view = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(view.disputeOpen).toBe(true);
    expect(view.actions).not.toContain('receive');
    expect(view.storeReceivesKobo).toBeUndefined();

    const received = await buyer.post(`/api/orders/${x.order.id}/received`);
    expect(received.status).toBe(409);
    expect(received.body.code).toBe('DISPUTE_OPEN');
    expect(received.body.message).toMatch(/dispute is open.*money stays held/);

    // The release job, due and run, even for an order whose dispute mark was lost.
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${x.order.id}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 8 * DAY) });
    await w.db.execute(sql`update orders set disputed_at = null where id = ${x.order.id}`);
    await ordersService(w.app).autoRelease(x.order.id);
    await expect(
      ordersService(w.app).act({
        orderId: x.order.id,
        action: 'receive',
        who: { userId: null, role: 'system' },
      }),
    ).rejects.toBeInstanceOf(HttpError);

    const staff = await admin.post(`/api/admin/orders/${x.order.id}/release`, { note: 'go' });
    expect(staff.status).toBe(409);
    expect(staff.body.code).toBe('DISPUTE_OPEN');

    expect(await statusOf(x.order.id)).toBe('delivered');
    expect(await releases(x.order.id)).toBe(0);
    expect(await balance(w.db, account.escrow(x.order.id))).toBe(x.order.totalKobo);

    // Staff decide for the store: released once, with the commission.
    const decided = await admin.post(`/api/admin/disputes/${id}/decide`, {
      decision: 'release',
      note: 'The photos show the part ordered.',
    });
    expect(decided.status).toBe(200);
    expect(await statusOf(x.order.id)).toBe('completed');
    expect(await releases(x.order.id)).toBe(1);
    expect(await balance(w.db, account.escrow(x.order.id))).toBe(0);
    expect(await balance(w.db, account.storeBalance(x.s.store.id))).toBe(
      x.order.totalKobo - commission,
    );
    const done = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(done.refunds).toEqual([]);
    expect(done.money).toBe("Released to the store's balance");
  });

  it('a withdrawn dispute lets the buyer confirm receipt again', async () => {
    const x = await orderUpTo(w, 'delivered');
    const buyer = as(w.app, x.buyer.cookie);
    const id = (await buyer.post('/api/disputes', dispute(x.order.id, x.p.prodId))).body.item.id;
    expect((await buyer.post(`/api/orders/${x.order.id}/received`)).status).toBe(409);
    expect((await buyer.post(`/api/disputes/${id}/withdraw`)).status).toBe(200);
    const ok = await buyer.post(`/api/orders/${x.order.id}/received`);
    expect(ok.status).toBe(200);
    expect(ok.body.order.status).toBe('completed');
    expect(await releases(x.order.id)).toBe(1);
  });

  it('settling one dispute of an order waits for its other open dispute; a cash order too', async () => {
    const s = await sellerWithStore(w.db);
    const [p1, p2] = [await product(w.db, s.store, 3000, 5), await product(w.db, s.store, 2000, 5)];
    const b = await createUser(w.db);
    const res = await buy(
      w.app,
      b.cookie,
      [
        { productId: p1.prodId, quantity: 1 },
        { productId: p2.prodId, quantity: 1 },
      ],
      { ...(await deliveryTo(w.db)), paymentMethod: 'paystack' },
    );
    expect(res.status).toBe(201);
    await payOnTestPage(w.app, res.body.payment.authorizationUrl);
    const order = res.body.orders[0];
    for (const step of ['accept', 'ship', 'deliver'])
      expect((await as(w.app, s.cookie).post(`/api/store/orders/${order.id}/${step}`)).status).toBe(
        200,
      );
    const buyer = as(w.app, b.cookie);
    const a = (await buyer.post('/api/disputes', dispute(order.id, p1.prodId))).body.item.id;
    const c = (await buyer.post('/api/disputes', dispute(order.id, p2.prodId))).body.item.id;
    const first = await admin.post(`/api/admin/disputes/${a}/decide`, {
      decision: 'release',
      note: 'Right part.',
    });
    expect(first.status).toBe(409);
    expect(first.body.message).toMatch(/Another dispute on this order is still open/);
    expect(await releases(order.id)).toBe(0);
    expect((await buyer.post(`/api/disputes/${c}/withdraw`)).status).toBe(200);
    expect(
      (await admin.post(`/api/admin/disputes/${a}/decide`, { decision: 'release', note: 'Ok.' }))
        .status,
    ).toBe(200);
    expect(await releases(order.id)).toBe(1);

    // A cash order posts no release, but is not completed under an open dispute either.
    const cash = await orderUpTo(w, 'delivered', { method: 'pay_on_delivery' });
    const cb = as(w.app, cash.buyer.cookie);
    expect((await cb.post('/api/disputes', dispute(cash.order.id, cash.p.prodId))).status).toBe(
      201,
    );
    expect((await cb.post(`/api/orders/${cash.order.id}/received`)).body.code).toBe('DISPUTE_OPEN');
    expect(await statusOf(cash.order.id)).toBe('delivered');
  });

  it('a dispute refund shows on the order: on its way until Paystack confirms, then refunded; a failed one says staff are on it', async () => {
    const x = await orderUpTo(w, 'delivered', { price: 10000 });
    const buyer = as(w.app, x.buyer.cookie);
    const id = (await buyer.post('/api/disputes', dispute(x.order.id, x.p.prodId))).body.item.id;
    expect(
      (
        await as(w.app, x.s.cookie).post(`/api/disputes/${id}/offer`, {
          kind: 'refund',
          amountKobo: 400_000,
        })
      ).status,
    ).toBe(200);
    expect((await buyer.post(`/api/disputes/${id}/accept`)).status).toBe(200);

    // Recorded, not yet sent: on its way, never 'released to the store' alone.
    const sent = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(sent.status).toBe('completed');
    expect(sent.refunds).toEqual([
      expect.objectContaining({
        reason: 'dispute',
        amountKobo: 400_000,
        state: 'on_its_way',
        label: 'Refund of ₦4,000.00 on its way',
        settledAt: null,
      }),
    ]);
    expect(sent.money).toBe(
      "Refund of ₦4,000.00 on its way to the buyer; the rest released to the store's balance",
    );
    const label = async () => (await buyer.get(`/api/disputes/${id}`)).body.item.status_label;
    expect(await label()).toBe('Settled: refund of ₦4,000.00 on its way');
    const seller = (await as(w.app, x.s.cookie).get(`/api/store/orders/${x.order.id}`)).body.order;
    expect(seller.refunds.map((r: any) => r.state)).toEqual(['on_its_way']);

    // The job sends it: Paystack holds it, still on its way until Paystack says it paid it back
    // (the local Paystack holds its refunds' outcome here; its events are tested elsewhere).
    w.paystack!.control.refundOutcome = 'hold';
    await runDueJobs(w.app);
    await w.paystack!.control.idle();
    w.paystack!.control.refundOutcome = 'processed';
    expect(
      await w.count(
        sql`select count(*)::int as n from refunds where reference = ${`DR-${id}`} and status = 'sent'`,
      ),
    ).toBe(1);
    expect((await buyer.get(`/api/orders/${x.order.id}`)).body.order.refunds[0].state).toBe(
      'on_its_way',
    );
    await paystackSays(`DR-${id}`, 'processed');
    const back = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(back.refunds[0]).toMatchObject({ label: 'Refunded ₦4,000.00' });
    expect(await label()).toBe('Refunded ₦4,000.00');
    expect(back.refunds[0].settledAt).not.toBeNull();
    expect(back.money).toBe(
      "Refunded ₦4,000.00 to the buyer; the rest released to the store's balance",
    );
    // The list shows the same (one query for the page's orders).
    const listed = (await buyer.get('/api/orders')).body.items.find(
      (o: any) => o.id === x.order.id,
    );
    expect(listed.refunds).toEqual(back.refunds);

    // Paystack could not pay it back: the buyer is told staff are on it.
    await paystackSays(`DR-${id}`, 'failed');
    const failed = (await buyer.get(`/api/orders/${x.order.id}`)).body.order;
    expect(failed.refunds[0]).toMatchObject({ state: 'failed' });
    expect(failed.refunds[0].label).toMatch(/did not go through: SpareFinder staff are on it/);
    expect(failed.money).toMatch(/did not go through: SpareFinder staff are on it/);
    expect(await label()).toMatch(/did not go through: SpareFinder staff are on it/);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a payment after the hold ran out: the order shows cancelled with its refund on its way, then refunded', async () => {
    const { b, res, order } = await paystackOrder(w, 1500, 5);
    await w.db.execute(
      sql`update orders set hold_until = now() - interval '1 minute' where id = ${order.id}`,
    );
    await ordersService(w.app).expire(res.body.checkoutId);
    expect(await statusOf(order.id)).toBe('cancelled');
    await payOnTestPage(w.app, res.body.payment.authorizationUrl);
    const buyer = as(w.app, b.cookie);
    const late = (await buyer.get(`/api/orders/${order.id}`)).body.order;
    expect(late.status).toBe('cancelled');
    expect(late.paidAt).not.toBeNull();
    expect(late.refunds).toEqual([
      expect.objectContaining({ reason: 'cancelled', state: 'on_its_way' }),
    ]);
    expect(late.money).toMatch(/^Refund of ₦[\d,.]+ on its way to the buyer$/);
    await runDueJobs(w.app);
    await paystackSays(late.refunds[0].reference, 'processed');
    const done = (await buyer.get(`/api/orders/${order.id}`)).body.order;
    expect(done.status).toBe('refunded');
    expect(done.money).toMatch(/^Refunded ₦[\d,.]+ to the buyer$/);
  });

  it('Cash received with no commission (COMMISSION_RATE=0, or a 100% store coupon) is accepted and posts nothing empty', async () => {
    const free = await createCommerceWorld({ paystack: 'http', config: { commissionRate: 0 } });
    try {
      const x = await orderUpTo(free, 'delivered', { method: 'pay_on_delivery' });
      const r = await as(free.app, x.s.cookie).post(`/api/store/orders/${x.order.id}/mark-paid`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.order.paidAt).not.toBeNull();
      expect(
        await free.count(
          sql`select count(*)::int as n from ledger_postings where ref = ${String(x.order.id)}`,
        ),
      ).toBe(0);
      expect(await balance(free.db, account.storeBalance(x.s.store.id))).toBe(0);
      // The buyer confirms receipt: a cash order completes, still without an empty posting.
      expect(
        (await as(free.app, x.buyer.cookie).post(`/api/orders/${x.order.id}/received`)).status,
      ).toBe(200);
    } finally {
      await free.close();
    }

    // A store's own 100% coupon: the parts are free, commission is zero.
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 8000, 5);
    const code = `FREE${Date.now()}`;
    const made = await as(w.app, s.cookie).post('/api/store/coupons', {
      code,
      kind: 'percent',
      value: 100,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const b = await createUser(w.db);
    const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...(await deliveryTo(w.db)),
      couponCode: code,
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.orders[0];
    expect(order.discountKobo).toBe(800_000);
    const seller = as(w.app, s.cookie);
    expect((await seller.get(`/api/store/orders/${order.id}`)).body.order.commissionKobo).toBe(0);
    const r = await seller.post(`/api/store/orders/${order.id}/mark-paid`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.order.money).toBe('Paid in cash to the store on delivery');
    expect(await balance(w.db, account.storeBalance(s.store.id))).toBe(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('escrow and disputes: races (postgres)', () => {
  it('a dispute opened while the buyer presses "I received it" 9 times, 12 orders at once (120 requests): never both', async () => {
    const xs = await Promise.all(Array.from({ length: 12 }, () => orderUpTo(w, 'delivered')));
    const answers = await Promise.all(
      xs.map(async (x) => {
        const buyer = as(w.app, x.buyer.cookie);
        const [d, ...r] = await Promise.all([
          buyer.post('/api/disputes', dispute(x.order.id, x.p.prodId)),
          ...Array.from({ length: 9 }, () => buyer.post(`/api/orders/${x.order.id}/received`)),
        ]);
        return { x, d: d.status, r: r.map((a) => a.status) };
      }),
    );
    for (const { x, d, r } of answers) {
      expect([d, ...r].filter((s) => s >= 500)).toEqual([]);
      // One side wins: the dispute (money held, every press refused) or one press (released).
      if (d === 201) expect(r.filter((s) => s === 200)).toEqual([]);
      else expect(r.filter((s) => s === 200)).toHaveLength(1);
      expect(await statusOf(x.order.id)).toBe(d === 201 ? 'delivered' : 'completed');
      expect(await releases(x.order.id)).toBe(d === 201 ? 0 : 1);
    }
  }, 90_000);
});
