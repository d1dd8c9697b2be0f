import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { rows } from '@sf/db';
import { buildApp } from '../../app.ts';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { balance, unbalancedPostings } from '../ledger/ledger.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  stockOf,
  type World,
  payoutAccount,
} from '../checkout/testing.ts';

// The app with its own mounted Paystack test server, as `npm start` runs it.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

const count = (q: ReturnType<typeof sql>) => w.count(q);

async function order(method: 'paystack' | 'pay_on_delivery', price = 4000) {
  const s = await sellerWithStore(w.db);
  const p = await product(w.db, s.store, price, 5);
  const buyer = await createUser(w.db);
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: method,
  });
  expect(res.status).toBe(201);
  return { s, p, buyer, res: res.body, order: res.body.orders[0] };
}

/** Presses Pay on the mounted test page (a same-origin form post). */
async function payOnTestPage(url: string) {
  const res = await w.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay&channel=card',
  });
  expect(res.statusCode).toBe(303);
}

describe(`orders (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the mounted test page says no money moves on every page', async () => {
    const { res } = await order('paystack');
    const page = await w.app.inject({ method: 'GET', url: res.payment.authorizationUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment: no money moves');
    const unknown = await w.app.inject({ method: 'GET', url: '/paystack-test/pay/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Test payment: no money moves');
  });

  it('pay on delivery: the store accepts, ships with a note, delivers, marks the cash paid; the buyer completes', async () => {
    const { s, buyer, order: o } = await order('pay_on_delivery');
    const seller = as(w.app, s.cookie);
    const me = as(w.app, buyer.cookie);
    expect((await seller.get('/api/store/orders')).body.items.map((x: any) => x.id)).toEqual([
      o.id,
    ]);
    // Not yet shipped: delivering is not a move from here.
    const early = await seller.post(`/api/store/orders/${o.id}/deliver`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('BAD_TRANSITION');
    expect(early.body.message).toBe(
      'This order is to be paid on delivery: it cannot be marked delivered now',
    );
    expect((await seller.post(`/api/store/orders/${o.id}/accept`)).body.order.status).toBe(
      'processing',
    );
    const shipped = await seller.post(`/api/store/orders/${o.id}/ship`, {
      note: 'GIG Logistics, waybill 77',
    });
    expect(shipped.body.order).toMatchObject({
      status: 'shipped',
      shippingNote: 'GIG Logistics, waybill 77',
    });
    expect((await seller.post(`/api/store/orders/${o.id}/ship`, { note: 'again' })).status).toBe(
      409,
    );
    expect((await seller.post(`/api/store/orders/${o.id}/deliver`)).body.order.status).toBe(
      'delivered',
    );
    const cash = await seller.post(`/api/store/orders/${o.id}/mark-paid`);
    expect(cash.status).toBe(200);
    expect(cash.body.order.paidAt).not.toBeNull();
    expect((await seller.post(`/api/store/orders/${o.id}/mark-paid`)).status).toBe(409);
    const done = await me.post(`/api/orders/${o.id}/received`);
    expect(done.body.order.status).toBe('completed');
    expect(done.body.order.timeline.map((e: any) => `${e.from}>${e.to}:${e.by}`)).toEqual([
      'null>pay_on_delivery:buyer',
      'pay_on_delivery>processing:seller',
      'processing>shipped:seller',
      'shipped>delivered:seller',
      'delivered>delivered:seller',
      'delivered>completed:buyer',
    ]);
    // No escrow for cash; the store owes the commission (its balance stays at zero).
    expect(await balance(w.db, `escrow:order:${o.id}`)).toBe(0);
    expect(await balance(w.db, `store:${s.store.id}:balance`)).toBe(0);
    expect(await balance(w.db, `store:${s.store.id}:commission_due`)).toBe(
      -Math.round(o.subtotalKobo * 0.05),
    );
    // The buyer heard of every move once, and got one receipt for the cash: marking the cash
    // paid is not a second "is delivered".
    await runDueJobs(w.app); // mails are queued with the change, sent by the job runner
    const n = `SF-${String(o.id).padStart(6, '0')}`;
    const subjects = (
      await rows<{ subject: string }>(
        w.db,
        sql`select subject from outbox where "to" = ${buyer.user.email}`,
      )
    ).map((m) => m.subject);
    // (The job runner sends them in one batch: their order in the outbox is not the moves'.)
    expect(subjects.filter((x) => x.includes(n)).sort()).toEqual(
      [
        `Order ${n} is being prepared`,
        `Order ${n} is shipped`,
        `Order ${n} is delivered`,
        `Cash payment received for order ${n}`,
        `Order ${n} is completed`,
      ].sort(),
    );
    const receipt = await rows<{ text: string }>(
      w.db,
      sql`select text from outbox where "to" = ${buyer.user.email} and subject like 'Cash payment%'`,
    );
    expect(receipt[0].text).toContain('confirmed it received your cash payment');
    expect(receipt[0].text).toContain("press 'I received it'");
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a store cannot mark a Paystack order paid; only Paystack does', async () => {
    const { s, order: o } = await order('paystack');
    const res = await as(w.app, s.cookie).post(`/api/store/orders/${o.id}/mark-paid`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_PAY_ON_DELIVERY');
    expect((await as(w.app, s.cookie).post(`/api/store/orders/${o.id}/accept`)).status).toBe(409);
    const now = (await as(w.app, s.cookie).get(`/api/store/orders/${o.id}`)).body.order;
    expect(now).toMatchObject({ status: 'pending_payment', paidAt: null });
  });

  it("authorization: nobody sees or moves another buyer's order or another store's order", async () => {
    const a = await order('pay_on_delivery');
    const b = await order('pay_on_delivery');
    const otherBuyer = as(w.app, b.buyer.cookie);
    expect((await otherBuyer.get(`/api/orders/${a.order.id}`)).status).toBe(404);
    expect((await otherBuyer.post(`/api/orders/${a.order.id}/cancel`)).status).toBe(404);
    expect((await otherBuyer.get('/api/orders')).body.items.map((x: any) => x.id)).toEqual([
      b.order.id,
    ]);
    // A buyer is no store owner.
    expect((await otherBuyer.get(`/api/store/orders/${a.order.id}`)).status).toBe(403);
    expect((await otherBuyer.post(`/api/store/orders/${a.order.id}/accept`)).status).toBe(403);
    // Another store's owner.
    const otherSeller = as(w.app, b.s.cookie);
    expect((await otherSeller.get(`/api/store/orders/${a.order.id}`)).status).toBe(404);
    expect((await otherSeller.post(`/api/store/orders/${a.order.id}/accept`)).status).toBe(404);
    expect((await otherSeller.post(`/api/store/orders/${a.order.id}/mark-paid`)).status).toBe(404);
    expect((await otherSeller.get('/api/store/orders')).body.items.map((x: any) => x.id)).toEqual([
      b.order.id,
    ]);
    // The seller moves the order only through the store endpoints, never as its buyer.
    expect((await as(w.app, a.s.cookie).post(`/api/orders/${a.order.id}/received`)).status).toBe(
      404,
    );
    expect((await w.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    // Nothing moved.
    expect(
      (await as(w.app, a.buyer.cookie).get(`/api/orders/${a.order.id}`)).body.order.status,
    ).toBe('pay_on_delivery');
  });

  it('a buyer cancels before the store accepts (stock back); not after', async () => {
    const a = await order('pay_on_delivery');
    const me = as(w.app, a.buyer.cookie);
    expect(await stockOf(w.db, a.p.prodId)).toBe(4);
    const c = await me.post(`/api/orders/${a.order.id}/cancel`, { reason: 'Found it nearer home' });
    expect(c.body.order.status).toBe('cancelled');
    expect(await stockOf(w.db, a.p.prodId)).toBe(5);
    const b = await order('pay_on_delivery');
    await as(w.app, b.s.cookie).post(`/api/store/orders/${b.order.id}/accept`);
    expect((await as(w.app, b.buyer.cookie).post(`/api/orders/${b.order.id}/cancel`)).status).toBe(
      409,
    );
  });

  it('escrow is released 7 days after delivery with no dispute, by the job; not while a dispute is open', async () => {
    const run = async () => {
      const x = await order('paystack', 10000);
      await payOnTestPage(x.res.payment.authorizationUrl);
      for (const step of ['accept', 'ship', 'deliver'])
        expect(
          (await as(w.app, x.s.cookie).post(`/api/store/orders/${x.order.id}/${step}`)).status,
        ).toBe(200);
      return x;
    };
    const quiet = await run();
    const disputed = await run();
    await w.db.execute(sql`update orders set disputed_at = now() where id = ${disputed.order.id}`);
    // Six days on: nothing yet.
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '6 days' where id in (${quiet.order.id}, ${disputed.order.id})`,
    );
    await runDueJobs(w.app);
    expect(
      (await as(w.app, quiet.buyer.cookie).get(`/api/orders/${quiet.order.id}`)).body.order.status,
    ).toBe('delivered');
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '7 days 1 minute' where id in (${quiet.order.id}, ${disputed.order.id})`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 8 * 86_400_000) });
    const q = (await as(w.app, quiet.buyer.cookie).get(`/api/orders/${quiet.order.id}`)).body.order;
    expect(q.status).toBe('completed');
    expect(q.timeline.at(-1)).toMatchObject({ from: 'delivered', to: 'completed', by: 'system' });
    expect(await balance(w.db, `store:${quiet.s.store.id}:balance`)).toBe(
      quiet.order.totalKobo - Math.round(quiet.order.subtotalKobo * 0.05),
    );
    expect(
      (await as(w.app, disputed.buyer.cookie).get(`/api/orders/${disputed.order.id}`)).body.order
        .status,
    ).toBe('delivered');
    expect(await balance(w.db, `escrow:order:${disputed.order.id}`)).toBe(disputed.order.totalKobo);
  });

  it('a platform coupon is paid by the platform: the store receives the full price less commission', async () => {
    const admin = await createUser(w.db, 'Admin');
    const code = `PLAT${Date.now()}`;
    await as(w.app, admin.cookie).post('/api/admin/coupons', { code, kind: 'fixed', value: 50000 });
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 10000, 5);
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
      fulfilment: 'pickup',
      phone: '08031234567',
      couponCode: code,
      paymentMethod: 'paystack',
    });
    const o = res.body.orders[0];
    expect(o).toMatchObject({ subtotalKobo: 1000000, discountKobo: 50000, totalKobo: 950000 });
    await payOnTestPage(res.body.payment.authorizationUrl);
    for (const step of ['accept', 'ship', 'deliver'])
      await as(w.app, s.cookie).post(`/api/store/orders/${o.id}/${step}`);
    await as(w.app, buyer.cookie).post(`/api/orders/${o.id}/received`);
    expect(await balance(w.db, `store:${s.store.id}:balance`)).toBe(1000000 - 50000);
    const seen = (await as(w.app, s.cookie).get(`/api/store/orders/${o.id}`)).body.order;
    expect(seen.storeReceivesKobo).toBe(950000);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('order mails go through the mail queue: a stalled SMTP server does not hold the answer, the job delivers them', async () => {
    // An SMTP server that greets nobody until the test opens it: an answer that waited on a mail
    // would never come (no clock bound, so a loaded machine cannot fail this test).
    let open = false;
    const waiting: (() => void)[] = [];
    const received: { to: string; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, cb) {
        if (open) cb();
        else waiting.push(() => cb());
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    // The same database, served by an app that mails through that server.
    const mailApp = await buildApp({
      db: w.db,
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://sparefinder.ng' },
    });
    try {
      await runDueJobs(w.app); // earlier tests' mails leave through the outbox first
      const s = await sellerWithStore(w.db);
      const p = await product(w.db, s.store, 3000, 5);
      const buyer = await createUser(w.db);
      const placed = await buy(mailApp, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
        fulfilment: 'pickup',
        phone: '08031234567',
        paymentMethod: 'pay_on_delivery',
      });
      expect(placed.status).toBe(201);
      const id = placed.body.orders[0].id;
      const accepted = await as(mailApp, s.cookie).post(`/api/store/orders/${id}/accept`);
      expect(accepted.status).toBe(200);
      const cancelled = await as(mailApp, s.cookie).post(`/api/store/orders/${id}/cancel`, {
        reason: 'Sold in the shop',
      });
      expect(cancelled.status).toBe(200);
      // Each answer came while the SMTP server greeted nobody: nothing was sent yet.
      expect(received).toEqual([]);
      const queued = await rows<{ to: string; subject: string }>(
        w.db,
        sql`select payload->>'to' as "to", payload->>'subject' as subject from jobs
            where kind = 'mail.send' and done_at is null order by created_at`,
      );
      // The buyer's receipt of the placed order, the store's new order, then the two moves.
      expect(queued.map((q) => q.to).sort()).toEqual(
        [s.user.email, buyer.user.email, buyer.user.email, buyer.user.email].sort(),
      );
      // The job runner sends them through SMTP (not the outbox), once the server greets.
      open = true;
      for (const greet of waiting.splice(0)) greet();
      await runDueJobs(mailApp);
      expect(received.map((m) => m.to).sort()).toEqual(queued.map((q) => q.to).sort());
      expect(
        received
          .filter((m) => m.to === buyer.user.email)
          .map((m) => /Subject: (.*)/.exec(m.data)![1]),
      ).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Order.placed/), // RFC 2047-encoded: it names ₦
          expect.stringMatching(/is being prepared/),
          expect.stringMatching(/is cancelled/),
        ]),
      );
      expect(
        await count(
          sql`select count(*)::int as n from outbox where "to" in (${s.user.email}, ${buyer.user.email})`,
        ),
      ).toBe(0);
    } finally {
      await mailApp.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  }, 60_000);

  it('a cash-only store owes the commission on cash orders: its balance never goes below zero, it keeps selling, the debt is netted from its next escrow release, payouts pay the balance only', async () => {
    const s = await sellerWithStore(w.db); // Lagos: ₦2,500 delivery within Lagos
    const seller = as(w.app, s.cookie);
    const p = await product(w.db, s.store, 4000, 50);
    const cashOrder = async () => {
      const buyer = await createUser(w.db);
      const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
        fulfilment: 'pickup',
        phone: '08031234567',
        paymentMethod: 'pay_on_delivery',
      });
      expect(res.status).toBe(201);
      return res.body.orders[0];
    };
    const commission = Math.round(400000 * 0.05); // 5% of ₦4,000.00
    for (let i = 0; i < 3; i++) {
      const o = await cashOrder();
      for (const step of ['accept', 'mark-paid'])
        expect((await seller.post(`/api/store/orders/${o.id}/${step}`)).status).toBe(200);
    }
    let money = (await seller.get('/api/store/balance')).body;
    expect(money).toMatchObject({ balanceKobo: 0, commissionDueKobo: 3 * commission });
    expect(money.statement.map((e: any) => [e.kind, e.account, e.amountKobo])).toEqual(
      Array.from({ length: 3 }, () => ['cash', `store:${s.store.id}:commission_due`, -commission]),
    );
    // The debt blocks nothing: the store takes and moves new cash orders as before.
    const fourth = await cashOrder();
    expect((await seller.post(`/api/store/orders/${fourth.id}/accept`)).status).toBe(200);
    // Payouts pay only what the balance holds.
    expect((await payoutAccount(w.app, w.db, s)).status).toBe(200);
    const none = await seller.post('/api/store/payouts', { amountKobo: 100000 });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Your balance is ₦0.00: you cannot withdraw more');

    // A paid order released: the debt comes out of it first.
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 3 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'paystack',
    });
    const paid = res.body.orders[0];
    await payOnTestPage(res.body.payment.authorizationUrl);
    for (const step of ['accept', 'ship', 'deliver'])
      expect((await seller.post(`/api/store/orders/${paid.id}/${step}`)).status).toBe(200);
    expect((await as(w.app, buyer.cookie).post(`/api/orders/${paid.id}/received`)).status).toBe(
      200,
    );
    // ₦12,000.00 of parts and ₦2,500.00 delivery, less 5% of the parts (3 cash orders' worth).
    const credit = paid.totalKobo - 3 * commission;
    money = (await seller.get('/api/store/balance')).body;
    expect(money).toMatchObject({
      balanceKobo: credit - 3 * commission,
      commissionDueKobo: 0,
    });
    // With a balance, a cash order's commission comes out of it.
    await seller.post(`/api/store/orders/${fourth.id}/mark-paid`);
    money = (await seller.get('/api/store/balance')).body;
    expect(money).toMatchObject({
      balanceKobo: credit - 4 * commission,
      commissionDueKobo: 0,
    });
    expect(
      (await seller.post('/api/store/payouts', { amountKobo: money.balanceKobo + 1 })).status,
    ).toBe(409);
    const out = await seller.post('/api/store/payouts', { amountKobo: money.balanceKobo });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ balanceKobo: 0, commissionDueKobo: 0 });
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('20 cash orders marked paid at once with escrow releases of the same store: the balance never below zero, every kobo accounted for', async () => {
    const s = await sellerWithStore(w.db);
    const seller = as(w.app, s.cookie);
    const p = await product(w.db, s.store, 2000, 100);
    const cash: number[] = [];
    for (let i = 0; i < 20; i++) {
      const b = await createUser(w.db);
      const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 1 }], {
        fulfilment: 'pickup',
        phone: '08031234567',
        paymentMethod: 'pay_on_delivery',
      });
      cash.push(res.body.orders[0].id);
    }
    const released: { id: number; cookie: string; totalKobo: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const b = await createUser(w.db);
      const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 1 }], {
        fulfilment: 'pickup',
        phone: '08031234567',
        paymentMethod: 'paystack',
      });
      await payOnTestPage(res.body.payment.authorizationUrl);
      const o = res.body.orders[0];
      for (const step of ['accept', 'ship', 'deliver'])
        await seller.post(`/api/store/orders/${o.id}/${step}`);
      released.push({ id: o.id, cookie: b.cookie, totalKobo: o.totalKobo });
    }
    const answers = await Promise.all([
      ...cash.map((id) => seller.post(`/api/store/orders/${id}/mark-paid`).then((r) => r.status)),
      ...released.map((r) =>
        as(w.app, r.cookie)
          .post(`/api/orders/${r.id}/received`)
          .then((x) => x.status),
      ),
    ]);
    expect(answers.every((a) => a === 200)).toBe(true);
    const commission = Math.round(200000 * 0.05);
    const credits = released.reduce((a, r) => a + r.totalKobo - commission, 0);
    const bal = await balance(w.db, `store:${s.store.id}:balance`);
    const due = -(await balance(w.db, `store:${s.store.id}:commission_due`));
    expect(bal).toBeGreaterThanOrEqual(0);
    expect(due).toBeGreaterThanOrEqual(0);
    expect(bal === 0 || due === 0).toBe(true);
    expect(bal - due).toBe(credits - 20 * commission);
    // No entry ever took the balance below zero: its running sum stays at or above zero.
    const [low] = await rows<{ m: number }>(
      w.db,
      sql`select coalesce(min(running), 0)::bigint as m from (
            select sum(amount_kobo) over (order by id) as running from ledger_entries
            where account = ${`store:${s.store.id}:balance`}) x`,
    );
    expect(Number(low.m)).toBeGreaterThanOrEqual(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });
});
