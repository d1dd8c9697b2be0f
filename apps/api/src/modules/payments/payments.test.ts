import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
import { signWebhook } from './paystack-client.ts';
import { TEST_SECRET } from './testing.ts';

// Every Paystack path over real HTTP: the app on its port, the local Paystack-compatible
// server on another, webhooks signed and posted between them.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

const count = (q: ReturnType<typeof sql>) => w.count(q);

async function paystackCheckout(stock = 5, qty = 2, price = 2500) {
  const s = await sellerWithStore(w.db);
  const p = await product(w.db, s.store, price, stock);
  const buyer = await createUser(w.db);
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: qty }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: 'paystack',
  });
  expect(res.status).toBe(201);
  return { s, p, buyer, res: res.body, order: res.body.orders[0] };
}

/** The hosted page's form, pressed over HTTP; the redirect is not followed. */
async function press(authorizationUrl: string, action: 'pay' | 'decline' | 'abandon') {
  return fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, channel: 'bank_transfer' }).toString(),
    redirect: 'manual',
  });
}

const webhook = (body: string, signature?: string) =>
  fetch(`${w.appUrl}/api/payments/paystack/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'x-paystack-signature': signature } : {}),
    },
    body,
  });

describe(`Paystack over HTTP (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('initialise, hosted test page, pay, signed webhook, verify on return: the order is paid once, into escrow', async () => {
    const { s, buyer, res, order } = await paystackCheckout();
    expect(res.payment.authorizationUrl.startsWith(w.paystack!.url)).toBe(true);
    const page = await fetch(res.payment.authorizationUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Test payment: no money moves');
    for (const label of ['Pay (test)', 'Decline', 'Abandon']) expect(html).toContain(label);
    expect(html).toContain('₦');

    const paid = await press(res.payment.authorizationUrl, 'pay');
    expect(paid.status).toBe(303);
    const back = paid.headers.get('location')!;
    expect(back).toContain(`/api/payments/paystack/callback?trxref=${res.payment.reference}`);
    // The webhook reached the app and was accepted.
    expect(w.paystack!.delivered.at(-1)!.status).toBe(200);
    // The buyer comes back: verify runs again and changes nothing.
    const ret = await fetch(`${w.appUrl}${back}`, { redirect: 'manual' });
    expect(ret.status).toBe(303);
    expect(ret.headers.get('location')).toBe(
      `/user/orders?checkout=${res.checkoutId}&payment=success`,
    );

    const now = (await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('paid');
    expect(now.payment).toMatchObject({ status: 'success', payUrl: null });
    expect(now.timeline.map((e: any) => [e.from, e.to])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);
    expect(now.money).toMatch(/escrow/);
    expect(await balance(w.db, `escrow:order:${order.id}`)).toBe(order.totalKobo);
    expect(
      await count(
        sql`select count(*)::int as n from ledger_postings where kind = 'payment' and ref = ${res.payment.reference}`,
      ),
    ).toBe(1);
    await runDueJobs(w.app); // mails are queued with the payment, sent by the job runner
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${buyer.user.email} and subject like 'Payment received%'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${s.user.email} and subject like 'New order%'`,
      ),
    ).toBe(1);
  });

  it('one webhook delivered 50 times at once, plus the verify call: one posting, one state move', async () => {
    const { buyer, res, order } = await paystackCheckout();
    const ref = res.payment.reference;
    // Paystack has charged the buyer (as if the page's Pay was pressed and its webhook lost).
    await w.db.execute(
      sql`update paystack_test_records set status = 'success', data = data || '{"channel":"card","paidAt":"2026-11-22T10:00:00Z"}'::jsonb where kind = 'transaction' and code = ${ref}`,
    );
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 1,
        status: 'success',
        reference: ref,
        amount: res.totalKobo,
        currency: 'NGN',
        channel: 'card',
        paid_at: '2026-11-22T10:00:00Z',
        customer: { email: buyer.user.email },
      },
    });
    const sig = signWebhook(TEST_SECRET, body);
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => webhook(body, sig).then((r) => r.status)),
      as(w.app, buyer.cookie)
        .post(`/api/payments/${ref}/verify`)
        .then((r) => r.status),
    ]);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from ledger_postings where ref = ${ref}`),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'paid'`,
      ),
    ).toBe(1);
    expect(await balance(w.db, `escrow:order:${order.id}`)).toBe(order.totalKobo);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a wrong or missing signature: 401 and nothing written', async () => {
    const { buyer, res, order } = await paystackCheckout();
    const ref = res.payment.reference;
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        status: 'success',
        reference: ref,
        amount: res.totalKobo,
        currency: 'NGN',
        customer: { email: buyer.user.email },
      },
    });
    const before = {
      events: await count(sql`select count(*)::int as n from payment_events`),
      postings: await count(sql`select count(*)::int as n from ledger_postings`),
      orderEvents: await count(sql`select count(*)::int as n from order_events`),
    };
    const forged = [
      await webhook(body),
      await webhook(body, ''),
      await webhook(body, signWebhook('sk_test_someone_else', body)),
      await webhook(body, signWebhook(TEST_SECRET, body + ' ')),
      await webhook(body, 'zz'.repeat(64)),
    ];
    for (const r of forged) {
      expect(r.status).toBe(401);
      expect((await r.json()).code).toBe('BAD_SIGNATURE');
    }
    expect({
      events: await count(sql`select count(*)::int as n from payment_events`),
      postings: await count(sql`select count(*)::int as n from ledger_postings`),
      orderEvents: await count(sql`select count(*)::int as n from order_events`),
    }).toEqual(before);
    expect((await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order.status).toBe(
      'pending_payment',
    );
  });

  it('an amount or currency that does not match: not paid, logged for staff', async () => {
    const { buyer, res, order } = await paystackCheckout();
    const ref = res.payment.reference;
    for (const [amount, currency] of [
      [res.totalKobo - 100, 'NGN'],
      [res.totalKobo, 'USD'],
    ] as const) {
      const body = JSON.stringify({
        event: 'charge.success',
        data: {
          status: 'success',
          reference: ref,
          amount,
          currency,
          customer: { email: buyer.user.email },
        },
      });
      expect((await webhook(body, signWebhook(TEST_SECRET, body))).status).toBe(200);
    }
    expect((await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order.status).toBe(
      'pending_payment',
    );
    expect(
      await count(
        sql`select count(*)::int as n from payment_events where reference = ${ref} and outcome = 'mismatch'`,
      ),
    ).toBe(2);
    expect(
      await count(sql`select count(*)::int as n from ledger_postings where ref = ${ref}`),
    ).toBe(0);
  });

  it('a declined payment leaves the order unpaid; paying again on the same page works', async () => {
    const { buyer, res, order } = await paystackCheckout();
    const declined = await press(res.payment.authorizationUrl, 'decline');
    expect(declined.status).toBe(303);
    const ret = await fetch(`${w.appUrl}${declined.headers.get('location')}`, {
      redirect: 'manual',
    });
    expect(ret.headers.get('location')).toMatch(/payment=failed$/);
    let now = (await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('pending_payment');
    expect(now.actions).toContain('pay');
    const again = await as(w.app, buyer.cookie).post(`/api/checkout/${res.checkoutId}/pay`);
    expect(again.status).toBe(200);
    await press(again.body.authorizationUrl, 'pay');
    now = (await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('paid');
  });

  it('a store cancels a paid order with a reason: stock back, refund through Paystack, order refunded', async () => {
    const { s, p, buyer, res, order } = await paystackCheckout(5, 2);
    await press(res.payment.authorizationUrl, 'pay');
    const seller = as(w.app, s.cookie);
    expect((await seller.post(`/api/store/orders/${order.id}/cancel`, {})).status).toBe(400);
    const cancelled = await seller.post(`/api/store/orders/${order.id}/cancel`, {
      reason: 'The last one was damaged',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
    expect(await stockOf(w.db, p.prodId)).toBe(5);
    expect(await balance(w.db, `escrow:order:${order.id}`)).toBe(0);
    expect(await balance(w.db, `buyer:${buyer.user.id}:refunds`)).toBe(order.totalKobo);
    await runDueJobs(w.app);
    const now = (await as(w.app, buyer.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(now.status).toBe('refunded');
    expect(now.cancelReason).toBe('The last one was damaged');
    expect(now.timeline.map((e: any) => e.to)).toEqual([
      'pending_payment',
      'paid',
      'cancelled',
      'refunded',
    ]);
    // Paystack holds the refund.
    expect(
      await count(
        sql`select coalesce(sum(amount_kobo), 0)::int as n from paystack_test_records where kind = 'refund' and reference = ${res.payment.reference}`,
      ),
    ).toBe(order.totalKobo);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it("escrow to the store's balance on 'I received it', then a payout to its bank account by transfer", async () => {
    const { s, buyer, res, order } = await paystackCheckout(5, 2, 10000);
    await press(res.payment.authorizationUrl, 'pay');
    const seller = as(w.app, s.cookie);
    for (const step of ['accept', 'ship', 'deliver'])
      expect(
        (
          await seller.post(`/api/store/orders/${order.id}/${step}`, {
            note: 'GIG Logistics, waybill 1234',
          })
        ).status,
      ).toBe(200);
    let money = (await seller.get('/api/store/balance')).body;
    expect(money.escrowKobo).toBe(order.totalKobo);
    expect(money.balanceKobo).toBe(0);
    const received = await as(w.app, buyer.cookie).post(`/api/orders/${order.id}/received`);
    expect(received.body.order.status).toBe('completed');
    const commission = Math.round(order.subtotalKobo * 0.05);
    money = (await seller.get('/api/store/balance')).body;
    expect(money.escrowKobo).toBe(0);
    expect(money.balanceKobo).toBe(order.totalKobo - commission);
    expect(await balance(w.db, 'platform:commission')).toBeGreaterThanOrEqual(commission);

    expect((await seller.post('/api/store/payouts', { amountKobo: 200000 })).body.message).toBe(
      'Add your bank account before withdrawing',
    );
    // The account's name is the one the bank holds, whatever name the form might send.
    w.paystack!.control.accounts.set('058:0123456789', 'LADIPO PARTS LTD');
    const bank = await payoutAccount(w.app, w.db, s);
    expect(bank.status).toBe(200);
    expect(bank.body.bankAccount).toEqual({
      bankCode: '058',
      accountNumber: '******6789',
      accountName: 'LADIPO PARTS LTD',
    });
    const tooMuch = await seller.post('/api/store/payouts', { amountKobo: money.balanceKobo + 1 });
    expect(tooMuch.status).toBe(409);
    const out = await seller.post('/api/store/payouts', { amountKobo: 200000 });
    expect(out.status).toBe(200);
    expect(out.body.balanceKobo).toBe(order.totalKobo - commission - 200000);
    expect(out.body.paidOutKobo).toBe(200000);
    expect(out.body.payouts[0]).toMatchObject({ amountKobo: 200000 });
    // Paystack confirms the transfer by webhook (transfer.success), a moment later.
    let status = out.body.payouts[0].status;
    for (let i = 0; i < 50 && status !== 'success'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await seller.get('/api/store/balance')).body.payouts[0].status;
    }
    expect(status).toBe('success');
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });
});
