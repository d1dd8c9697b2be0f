import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { dbLabel } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { transaction } from '../../lib/tx.ts';
import { balance, unbalancedPostings } from '../ledger/ledger.ts';
import { as, createCommerceWorld, sellerWithStore, type World } from '../checkout/testing.ts';
import { createProduct } from '../catalog/testing.ts';
import { signWebhook } from '../payments/paystack-client.ts';
import { TEST_SECRET } from '../payments/testing.ts';
import { assertListingRoom, assertProductRoom } from './limits.ts';
import { seedSubscriptions } from './seed.ts';
import { dayOf } from './mails.ts';
import {
  carryDays,
  DAY_MS,
  PERIOD_MS,
  REMIND_BEFORE_MS,
  SUBSCRIPTIONS_ACCOUNT,
} from './service.ts';

// Plans, limits and paying for a plan over real HTTP: the app on its port, the local
// Paystack-compatible server on another, signed webhooks between them.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

const count = (q: ReturnType<typeof sql>) => w.count(q);

/** `n` products in the store, written directly (the limit is about what exists). */
async function fill(store: { id: number; stateId: number; cityId: number }, n: number) {
  const first = await createProduct(w.db, { store, name: 'Filler part', price: 1000, stock: 1 });
  if (n > 1)
    await w.db.execute(
      sql`insert into products (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition, stock)
          select store_id, cat_id, top_cat_id, state_id, city_id, name || ' ' || g, price_kobo, condition, stock
          from products cross join generate_series(2, ${n}) g where prod_id = ${first.prodId}`,
    );
}
const productsOf = (storeId: number) =>
  count(sql`select count(*)::int as n from products where store_id = ${storeId}`);
const newPart = (name: string) => ({
  name,
  catId: 601,
  condition: 1,
  priceKobo: 1_850_000,
  stock: 3,
});

async function sub(userId: string) {
  const [r] = await rows<{ code: string; period_end: string | null; next: string | null }>(
    w.db,
    sql`select p.code, s.period_end, n.code as next from subscriptions s
        join subscription_plans p on p.id = s.plan_id
        left join subscription_plans n on n.id = s.next_plan_id where s.user_id = ${userId}`,
  );
  return r && { ...r, period_end: r.period_end ? new Date(r.period_end) : null };
}

/** Asks for a plan's payment page; answers the reference and the page's address. */
async function upgrade(cookie: string, plan: string) {
  const r = await as(w.app, cookie).post('/api/subscriptions/upgrade', { plan });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { reference: string; authorizationUrl: string };
}

/** Presses a button of the local Paystack test page, as the payer would. */
const press = (url: string, action: 'pay' | 'decline' | 'abandon') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, channel: 'card' }).toString(),
    redirect: 'manual',
  });

/** Paystack has charged the payer, but its webhook is still to come. */
async function chargedSilently(reference: string) {
  await w.db.execute(
    sql`update paystack_test_records set status = 'success',
          data = data || '{"channel":"card","paidAt":"2026-11-22T10:00:00Z"}'::jsonb
        where kind = 'transaction' and code = ${reference}`,
  );
}
function webhookFor(reference: string, amount: number, email: string) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: 1,
      status: 'success',
      reference,
      amount,
      currency: 'NGN',
      channel: 'card',
      paid_at: '2026-11-22T10:00:00Z',
      customer: { email },
    },
  });
  return () =>
    fetch(`${w.appUrl}/api/payments/paystack/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signWebhook(TEST_SECRET, body),
      },
      body,
    }).then((r) => r.status);
}
const jobsKeyed = (prefix: string) =>
  count(sql`select count(*)::int as n from jobs where key like ${prefix + '%'}`);

describe(`subscriptions (${dbLabel()})`, () => {
  it('plans come from the database: Free, Basic and Premium for stores and for providers', async () => {
    const s = await sellerWithStore(w.db);
    const r = await as(w.app, s.cookie).get('/api/subscriptions');
    expect(r.status).toBe(200);
    expect(r.body.page).toBe('store');
    expect(r.body.plans.map((p: { code: string }) => p.code)).toEqual(['free', 'basic', 'premium']);
    expect(r.body.current).toMatchObject({ code: 'free', priceKobo: 0, itemLimit: 50 });
    expect(r.body.current.limitText).toBe('50 products per store');
    expect(r.body.periodEnd).toBeNull();
    expect(r.body.plans.map((p: { action: string }) => p.action)).toEqual([
      'current',
      'upgrade',
      'upgrade',
    ]);
    const m = await createUser(w.db, 'Mechanic');
    const mr = await as(w.app, m.cookie).get('/api/subscriptions');
    expect(mr.body.page).toBe('workshop');
    expect(mr.body.current).toMatchObject({ code: 'free', itemLimit: 1, limitText: '1 workshop' });
    const buyer = await createUser(w.db, 'Buyer');
    expect((await as(w.app, buyer.cookie).get('/api/subscriptions')).status).toBe(403);
    expect(
      (await as(w.app, buyer.cookie).post('/api/subscriptions/upgrade', { plan: 'basic' })).status,
    ).toBe(403);
    expect(
      (await as(w.app, s.cookie).post('/api/subscriptions/upgrade', { plan: 'gold' })).status,
    ).toBe(404);
    const free = await as(w.app, s.cookie).post('/api/subscriptions/upgrade', { plan: 'free' });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe('You are on the Free plan already');
    expect(
      await count(sql`select count(*)::int as n from payments where user_id = ${s.user.id}`),
    ).toBe(0);
  });

  it('a Free store cannot add its 51st product: a clear message, nothing stored', async () => {
    const s = await sellerWithStore(w.db);
    await fill(s.store, 49);
    const c = as(w.app, s.cookie);
    expect((await c.post('/api/store/products', newPart('Fiftieth part'))).status).toBe(201);
    const r = await c.post('/api/store/products', newPart('Fifty-first part'));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('PLAN_LIMIT');
    expect(r.body.message).toBe(
      'Your Free plan allows 50 products and your store has 50 products. Upgrade your plan to add more: /user/store/subscriptions',
    );
    expect(await productsOf(s.store.id)).toBe(50);
    // The bulk form of the check (CSV import): a file that does not fit is refused whole.
    const s2 = await sellerWithStore(w.db);
    await fill(s2.store, 45);
    await expect(transaction(w.db, (tx) => assertProductRoom(tx, s2.store.id, 6))).rejects.toThrow(
      'These 6 products do not fit: your Free plan allows 50 products, your store has 45 products, so 5 products more can be added.',
    );
    await transaction(w.db, (tx) => assertProductRoom(tx, s2.store.id, 5));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'race: 20 products added at once to a Free store holding 49: exactly one is stored',
    async () => {
      const s = await sellerWithStore(w.db);
      await fill(s.store, 49);
      const c = as(w.app, s.cookie);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          c.post('/api/store/products', newPart(`Racing part ${i}`)).then((r) => r.status),
        ),
      );
      expect(answers.filter((x) => x === 201)).toHaveLength(1);
      expect(answers.filter((x) => x === 409)).toHaveLength(19);
      expect(await productsOf(s.store.id)).toBe(50);
    },
  );

  it('upgrade to Basic through Paystack: paid on the test page, the plan starts, the limit rises, the money is booked', async () => {
    const s = await sellerWithStore(w.db);
    await fill(s.store, 50);
    const { reference, authorizationUrl } = await upgrade(s.cookie, 'basic');
    expect(authorizationUrl.startsWith(w.paystack!.url)).toBe(true);
    const [pay] = await rows<{ purpose: string; amount_kobo: string | number }>(
      w.db,
      sql`select purpose, amount_kobo from payments where reference = ${reference}`,
    );
    expect(pay.purpose).toBe('subscription');
    expect(Number(pay.amount_kobo)).toBe(500_000);
    const before = Date.now();
    const paid = await press(authorizationUrl, 'pay');
    expect(paid.status).toBe(303);
    // The payer comes back: verify runs again and changes nothing; the page is the store's plan.
    const back = await fetch(`${w.appUrl}${paid.headers.get('location')}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/user/store/subscriptions?payment=success');
    const now = await sub(s.user.id);
    expect(now.code).toBe('basic');
    expect(now.period_end!.getTime()).toBeGreaterThanOrEqual(before + PERIOD_MS);
    expect(now.period_end!.getTime()).toBeLessThan(Date.now() + PERIOD_MS);
    const r = await as(w.app, s.cookie).get('/api/subscriptions');
    expect(r.body.current.code).toBe('basic');
    expect(r.body.periodEnd).toBe(now.period_end!.toISOString());
    expect(r.body.used).toBe(50);
    expect(r.body.plans.map((p: { action: string }) => p.action)).toEqual([
      'none',
      'renew',
      'upgrade',
    ]);
    expect(
      (await as(w.app, s.cookie).post('/api/store/products', newPart('51st part'))).status,
    ).toBe(201);
    // Placement follows the plan; the money went from Paystack clearing to the platform.
    const [st] = await rows<{ rank_boost: number }>(
      w.db,
      sql`select rank_boost from stores where id = ${s.store.id}`,
    );
    expect(st.rank_boost).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from ledger_postings where ref = ${reference}`),
    ).toBe(1);
    expect(await balance(w.db, SUBSCRIPTIONS_ACCOUNT)).toBeGreaterThanOrEqual(500_000);
    expect(await unbalancedPostings(w.db)).toEqual([]);
    // A confirmation mail is queued for the payer.
    expect(
      await count(
        sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${s.user.email}
            and payload->>'subject' like 'Basic plan: payment of%'`,
      ),
    ).toBe(1);
  });

  it('webhook and verify, in either order and many times at once, move the subscription once', async () => {
    for (const order of ['verify-first', 'webhook-first'] as const) {
      const s = await sellerWithStore(w.db);
      const { reference } = await upgrade(s.cookie, 'premium');
      await chargedSilently(reference);
      const hook = webhookFor(reference, 1_500_000, s.user.email);
      const verify = () =>
        as(w.app, s.cookie)
          .post(`/api/payments/${reference}/verify`)
          .then((r) => r.status);
      expect(await (order === 'verify-first' ? verify() : hook())).toBe(200);
      const first = await sub(s.user.id);
      expect(first.code).toBe('premium');
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, hook),
        ...Array.from({ length: 5 }, verify),
      ]);
      expect(answers.every((x) => x === 200)).toBe(true);
      expect((await sub(s.user.id)).period_end).toEqual(first.period_end);
      expect(
        await count(sql`select count(*)::int as n from ledger_postings where ref = ${reference}`),
      ).toBe(1);
      expect(await jobsKeyed(`subscriptions.remind:${s.user.id}:`)).toBe(1);
      expect(await jobsKeyed(`subscriptions.end:${s.user.id}:`)).toBe(1);
    }
  });

  it('renewal adds a period; one reminder per period (jobs key), mailed before the end', async () => {
    const s = await sellerWithStore(w.db);
    const a = await upgrade(s.cookie, 'basic');
    await press(a.authorizationUrl, 'pay');
    const first = (await sub(s.user.id)).period_end!;
    // Renewing the same plan: the period grows by one, from its end.
    const b = await upgrade(s.cookie, 'basic');
    await press(b.authorizationUrl, 'pay');
    const second = (await sub(s.user.id)).period_end!;
    expect(second.getTime() - first.getTime()).toBe(PERIOD_MS);
    const remind = `subscriptions.remind:${s.user.id}:`;
    expect(await jobsKeyed(remind)).toBe(2); // one per period
    const [job] = await rows<{ run_at: string }>(
      w.db,
      sql`select run_at from jobs where key = ${remind + second.toISOString()}`,
    );
    expect(new Date(job.run_at).getTime()).toBe(second.getTime() - REMIND_BEFORE_MS);
    // The first period's reminder finds the period renewed and says nothing; the second mails.
    await runDueJobs(w.app, { until: new Date(first.getTime() - REMIND_BEFORE_MS + 1000) });
    const mails = () =>
      count(
        sql`select count(*)::int as n from outbox where "to" = ${s.user.email} and subject like 'Your Basic plan ends on%'`,
      );
    expect(await mails()).toBe(0);
    await runDueJobs(w.app, { until: new Date(second.getTime() - REMIND_BEFORE_MS + 1000) });
    expect(await mails()).toBe(1);
    const [mail] = await rows<{ text: string }>(
      w.db,
      sql`select text from outbox where "to" = ${s.user.email} and subject like 'Your Basic plan ends on%'`,
    );
    expect(mail.text).toContain('/user/store/subscriptions');
    expect(mail.text).toContain('₦5,000.00');
  });

  it('a cheaper plan waits for the end of the period; at the end it starts, then Free follows', async () => {
    const s = await sellerWithStore(w.db);
    await press((await upgrade(s.cookie, 'premium')).authorizationUrl, 'pay');
    const premiumEnd = (await sub(s.user.id)).period_end!;
    await press((await upgrade(s.cookie, 'basic')).authorizationUrl, 'pay');
    expect(await sub(s.user.id)).toMatchObject({
      code: 'premium',
      next: 'basic',
      period_end: premiumEnd,
    });
    const again = await as(w.app, s.cookie).post('/api/subscriptions/upgrade', { plan: 'premium' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Your Basic plan is paid for and starts on /);
    const boost = async () =>
      (
        await rows<{ rank_boost: number }>(
          w.db,
          sql`select rank_boost from stores where id = ${s.store.id}`,
        )
      )[0].rank_boost;
    expect(await boost()).toBe(2);

    await runDueJobs(w.app, { until: new Date(premiumEnd.getTime() + 1000) });
    const basic = await sub(s.user.id);
    expect(basic).toMatchObject({ code: 'basic', next: null });
    expect(basic.period_end!.getTime()).toBe(premiumEnd.getTime() + PERIOD_MS);
    expect(await boost()).toBe(1);

    await runDueJobs(w.app, { until: new Date(basic.period_end!.getTime() + 1000) });
    expect(await sub(s.user.id)).toMatchObject({ code: 'free', period_end: null, next: null });
    expect(await boost()).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${s.user.email} and subject = 'You are now on the Free plan'`,
      ),
    ).toBe(1);
  });

  it('a declined payment changes nothing', async () => {
    const s = await sellerWithStore(w.db);
    const { authorizationUrl, reference } = await upgrade(s.cookie, 'basic');
    await press(authorizationUrl, 'decline');
    expect(await sub(s.user.id)).toBeUndefined();
    expect(
      await count(sql`select count(*)::int as n from ledger_postings where ref = ${reference}`),
    ).toBe(0);
  });

  it('paying mechanics rank first in the mechanic list; the listing limit holds', async () => {
    const [lagos] = await rows<{ state_id: number; city_id: number }>(
      w.db,
      sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
          where s.name = 'Lagos' and c.name = 'Ikeja'`,
    );
    const m = await createUser(w.db, 'Mechanic');
    const add = (name: string, owner: string | null) =>
      rows<{ sp_id: number }>(
        w.db,
        sql`insert into service_providers (kind, owner_user_id, company_name, mobile_number, state_id, city_id)
            values ('mechanic', ${owner}, ${name}, '08031234567', ${lagos.state_id}, ${lagos.city_id})
            returning sp_id`,
      ).then((r) => r[0].sp_id);
    const mine = await add('Paying Workshop', m.user.id);
    await add('Other Workshop A', null);
    await add('Other Workshop B', null);
    type Item = { sp_id: number; promoted: boolean; rank: number };
    const list = async () =>
      (await as(w.app, m.cookie).get('/api/mechanics/indexquery?pagesize=50')).body.items as Item[];
    const firstId = async () => (await list())[0].sp_id;
    expect(await firstId()).not.toBe(mine);
    // Nobody pays yet: no item is marked as paid placement.
    expect((await list()).filter((i) => i.promoted)).toEqual([]);
    // One workshop per account, on every plan (decision 0031): a second one is refused.
    const refusal =
      'An account runs 1 workshop on every plan and you run 1 workshop. Another workshop needs its own account.';
    await expect(
      transaction(w.db, (tx) => assertListingRoom(tx, m.user.id, 'mechanic')),
    ).rejects.toThrow(refusal);
    const { authorizationUrl } = await upgrade(m.cookie, 'basic');
    await press(authorizationUrl, 'pay');
    expect(await firstId()).toBe(mine);
    // The paying workshop is marked Promoted in the list; the free ones are not.
    const after = await list();
    expect(after.find((i) => i.sp_id === mine)).toMatchObject({ promoted: true, rank: 1 });
    expect(after.filter((i) => i.promoted).map((i) => i.sp_id)).toEqual([mine]);
    const top = await as(w.app, m.cookie).get('/api/providers/top?kind=mechanic&limit=12');
    expect(top.body.items.every((i: Item) => i.promoted === i.rank > 0)).toBe(true);
    expect((await as(w.app, m.cookie).get(`/api/mechanics/${mine}`)).body.item.promoted).toBe(true);
    // Basic sells no second workshop: the page and the check say the same.
    await expect(
      transaction(w.db, (tx) => assertListingRoom(tx, m.user.id, 'mechanic')),
    ).rejects.toThrow(refusal);
    const r = await as(w.app, m.cookie).get('/api/subscriptions');
    expect(r.body.current).toMatchObject({ code: 'basic', itemLimit: 1, limitText: '1 workshop' });
    for (const p of r.body.plans)
      expect(p).toMatchObject({ itemLimit: 1, limitText: '1 workshop' });
    const t = await createUser(w.db, 'Tow Van');
    const tr = await as(w.app, t.cookie).get('/api/subscriptions');
    expect(tr.body.plans.map((p: { limitText: string }) => p.limitText)).toEqual([
      '1 garage',
      '1 garage',
      '1 garage',
    ]);
  });

  it('a workshop listed after its plan was paid is placed and marked Promoted from the start', async () => {
    const m = await createUser(w.db, 'Mechanic');
    await press((await upgrade(m.cookie, 'premium')).authorizationUrl, 'pay');
    const [lagos] = await rows<{ state_id: number; city_id: number }>(
      w.db,
      sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
          where s.name = 'Lagos' and c.name = 'Ikeja'`,
    );
    const saved = await as(w.app, m.cookie).patch('/api/provider/profile', {
      companyName: 'Late Listed Workshop',
      mobileNumber: '08031234567',
      stateId: lagos.state_id,
      cityId: lagos.city_id,
      address: '1 Allen Avenue',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item).toMatchObject({ rank: 2, promoted: true });
    const l = await as(w.app, m.cookie).get(
      `/api/mechanics/indexquery?regionId=${lagos.state_id}&city=${lagos.city_id}&pagesize=50`,
    );
    expect(l.body.items[0]).toMatchObject({ sp_id: saved.body.item.sp_id, promoted: true });
  });

  it('carryDays: days left become days of the dearer plan at the two prices, rounded up, in integers', () => {
    expect(carryDays(30 * DAY_MS, 500_000, 1_500_000)).toBe(10);
    expect(carryDays(20 * DAY_MS, 500_000, 1_500_000)).toBe(7); // 6.67
    expect(carryDays(1, 500_000, 1_500_000)).toBe(1); // a millisecond left still counts
    expect(carryDays(30 * DAY_MS, 300_000, 800_000)).toBe(12); // 11.25
    expect(carryDays(0, 500_000, 1_500_000)).toBe(0);
    expect(carryDays(-DAY_MS, 500_000, 1_500_000)).toBe(0);
    expect(carryDays(30 * DAY_MS, 0, 1_500_000)).toBe(0);
    // A year paid ahead at a large price stays exact (beyond 2^53 in the product).
    expect(carryDays(365 * DAY_MS, 99_999_999, 100_000_000)).toBe(365);
  });

  it('upgrade Basic to Premium: the days left on Basic are not lost, the page says so before payment, the ledger balances', async () => {
    const s = await sellerWithStore(w.db);
    await press((await upgrade(s.cookie, 'basic')).authorizationUrl, 'pay');
    // Basic paid until 20 days from now (bought 10 days ago).
    const basicEnd = new Date(Date.now() + 20 * DAY_MS);
    await w.db.execute(
      sql`update subscriptions set period_end = ${basicEnd.toISOString()}::timestamptz where user_id = ${s.user.id}`,
    );
    const before = Date.now();
    const st = await as(w.app, s.cookie).get('/api/subscriptions');
    type P = {
      code: string;
      action: string;
      terms: string | null;
      extraDays: number;
      endsAt: string | null;
      startsAt: string | null;
    };
    const plan = (code: string) => st.body.plans.find((p: P) => p.code === code) as P;
    const premium = plan('premium');
    expect(premium).toMatchObject({ action: 'upgrade', extraDays: 7 });
    const quoted = new Date(premium.endsAt!);
    expect(quoted.getTime()).toBeGreaterThanOrEqual(before + PERIOD_MS + 7 * DAY_MS);
    expect(quoted.getTime()).toBeLessThanOrEqual(Date.now() + PERIOD_MS + 7 * DAY_MS);
    expect(premium.terms).toBe(
      `You pay ₦15,000.00 now. Premium starts at once and runs until ${dayOf(quoted)}: 30 days plus 7 days for the 20 days left on Basic, which are not lost.`,
    );
    // Renewing and the free plan say what they do, too.
    const basic = plan('basic');
    expect(basic.action).toBe('renew');
    expect(basic.terms).toBe(
      `You pay ₦5,000.00 now. Basic runs 30 more days, until ${dayOf(new Date(basicEnd.getTime() + PERIOD_MS))}.`,
    );
    expect(plan('free').terms).toBeNull();

    const { reference, authorizationUrl } = await upgrade(s.cookie, 'premium');
    const [pay] = await rows<{ amount_kobo: string | number }>(
      w.db,
      sql`select amount_kobo from payments where reference = ${reference}`,
    );
    expect(Number(pay.amount_kobo)).toBe(1_500_000); // the list price: the credit is in days
    const paidFrom = Date.now();
    await press(authorizationUrl, 'pay');
    const now = await sub(s.user.id);
    expect(now.code).toBe('premium');
    expect(now.period_end!.getTime()).toBeGreaterThanOrEqual(paidFrom + PERIOD_MS + 7 * DAY_MS);
    expect(now.period_end!.getTime()).toBeLessThan(Date.now() + PERIOD_MS + 7 * DAY_MS);
    expect(dayOf(now.period_end!)).toBe(dayOf(quoted));
    // One posting for the payment, and every posting balances (clearing − price, platform + price).
    const [posted] = await rows<{ n: number; sum: string | number }>(
      w.db,
      sql`select count(*)::int as n, coalesce(sum(amount_kobo), 0) as sum from ledger_entries e
          join ledger_postings p on p.id = e.posting_id where p.ref = ${reference}`,
    );
    expect(Number(posted.sum)).toBe(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
    const [mail] = await rows<{ text: string }>(
      w.db,
      sql`select payload->>'text' as text from jobs where kind = 'mail.send' and payload->>'to' = ${s.user.email}
          and payload->>'subject' like 'Premium plan: payment of%'`,
    );
    expect(mail.text).toContain('That is 30 days plus 7 days for the 20 days left on Basic.');
    // Basic's own end comes and goes: Premium stays.
    await runDueJobs(w.app, { until: new Date(basicEnd.getTime() + 1000) });
    expect(await sub(s.user.id)).toMatchObject({ code: 'premium', period_end: now.period_end });
  });

  it('a downgrade says before payment that the dearer plan runs to its end and nothing is refunded; a waiting plan offers no other change', async () => {
    const s = await sellerWithStore(w.db);
    await press((await upgrade(s.cookie, 'premium')).authorizationUrl, 'pay');
    const end = (await sub(s.user.id)).period_end!;
    const st = await as(w.app, s.cookie).get('/api/subscriptions');
    const basic = st.body.plans.find((p: { code: string }) => p.code === 'basic');
    expect(basic).toMatchObject({ action: 'downgrade', extraDays: 0, startsAt: end.toISOString() });
    expect(basic.terms).toBe(
      `You pay ₦5,000.00 now. You keep Premium until ${dayOf(end)}; Basic then runs 30 days, until ${dayOf(new Date(end.getTime() + PERIOD_MS))}. Nothing is refunded.`,
    );
    await press((await upgrade(s.cookie, 'basic')).authorizationUrl, 'pay');
    const after = await as(w.app, s.cookie).get('/api/subscriptions');
    expect(after.body.plans.map((p: { action: string }) => p.action)).toEqual([
      'none',
      'none',
      'current',
    ]);
  });

  it('demo: the demo seller starts on Basic (its store holds more than Free allows), once', async () => {
    const demo = await createUser(w.db, 'Seller', { email: 'seller@demo.ng' });
    const { store } = await sellerWithStore(w.db);
    await w.db.execute(
      sql`update stores set owner_user_id = ${demo.user.id} where id = ${store.id}`,
    );
    await seedSubscriptions(w.db);
    const first = await sub(demo.user.id);
    expect(first.code).toBe('basic');
    expect(first.period_end!.getTime()).toBeGreaterThan(Date.now() + PERIOD_MS - 60_000);
    const [st] = await rows<{ rank_boost: number }>(
      w.db,
      sql`select rank_boost from stores where id = ${store.id}`,
    );
    expect(st.rank_boost).toBe(1);
    expect(await jobsKeyed(`subscriptions.end:${demo.user.id}:`)).toBe(1);
    await seedSubscriptions(w.db);
    expect((await sub(demo.user.id)).period_end).toEqual(first.period_end);
    expect(await jobsKeyed(`subscriptions.end:${demo.user.id}:`)).toBe(1);
  });
});
