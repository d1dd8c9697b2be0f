import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, withApp, type TestApp } from '../../test/helper.ts';
import { startPushService, vapidKeys, type Browser } from '../../test/push-service.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { registry } from '../../lib/metrics.ts';
import { transaction } from '../../lib/tx.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { PUSH_DEVICES_MAX } from './repository.ts';
import { endpointProblem } from './endpoints.ts';
import { buy, deliveryTo, product, sellerWithStore } from '../checkout/testing.ts';

const vapid = vapidKeys();
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService(vapid.publicKey);
  t = await createTestApp({ vapid });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const subscription = (b: Browser) => ({ endpoint: b.endpoint, expirationTime: null, keys: b.keys });
const subsOf = (userId: string) =>
  rows<{ id: number; endpoint: string }>(
    t.handle.db,
    sql`select id, endpoint from push_subscriptions where user_id = ${userId} order by id`,
  );
const pushJobs = () =>
  rows<{ n: number }>(
    t.handle.db,
    sql`select count(*)::int as n from jobs where kind = 'push.send' and done_at is null and failed_at is null`,
  ).then((r) => Number(r[0].n));
async function sent(outcome: string) {
  const m = await registry.getSingleMetric('sf_push_sent_total')!.get();
  return m.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}
const notice = (userId: string, title: string, link = '/broadcast/1'): Notice => ({
  userId,
  type: 'offer.new',
  title,
  link,
  detail: 'Tap to compare offers',
  event: { type: 'offer.new' },
});
const record = (notices: Notice[]) =>
  transaction(t.app.db, (tx) => notificationsService(t.app).record(tx, notices));

describe(`Web Push consent (${dbLabel()})`, () => {
  it('gives browsers the public key; without keys, null and no consent is taken', async () => {
    const key = await t.get('/api/push/key');
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ status: true, publicKey: vapid.publicKey });
    await withApp({ db: t.handle.db }, async (off) => {
      expect((await off.get('/api/push/key')).body).toEqual({ status: true, publicKey: null });
      const { cookie } = await t.signIn();
      const r = await off.post('/api/push/subscriptions', subscription(push.browser()), {
        cookie,
      });
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/does not send notifications/);
    });
  });

  it('is for signed-in users; refuses what is not a browser’s push subscription', async () => {
    const b = push.browser();
    expect((await t.post('/api/push/subscriptions', subscription(b))).status).toBe(401);
    expect(
      (await t.del('/api/push/subscriptions', { body: { endpoint: b.endpoint } })).status,
    ).toBe(401);
    const { cookie, user } = await t.signIn();
    const bad: [unknown, RegExp][] = [
      [{ endpoint: b.endpoint }, /keys/],
      [{ ...subscription(b), endpoint: 'https://evil.example.ng/collect' }, /not one we send to/],
      [{ ...subscription(b), endpoint: 'http://10.0.0.7/push/x' }, /https/],
      [{ ...subscription(b), endpoint: 'not a url at all' }, /valid push address/],
      [{ ...subscription(b), keys: { ...b.keys, auth: 'AAAAAAAAAAAAAAAAAAAAAA' + 'AA' } }, /keys/],
      [{ ...subscription(b), keys: { ...b.keys, p256dh: 'B'.repeat(87) } }, /keys/],
      [
        { ...subscription(b), keys: { ...b.keys, p256dh: '<script>'.repeat(11) } },
        /p256dh|pattern/,
      ],
    ];
    for (const [body, why] of bad) {
      const r = await t.post('/api/push/subscriptions', body, { cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toMatch(why);
    }
    expect(await subsOf(user.id)).toEqual([]);
  });

  it('only known push services, over https, in production', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', true)).toBeNull();
    expect(
      endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', true),
    ).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QGx', true)).toBeNull();
    expect(endpointProblem('https://wns2-par02p.notify.windows.com/w/?token=x', true)).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', true)).toMatch(/https/);
    expect(endpointProblem('https://fcm.googleapis.com.evil.ng/x', true)).toMatch(/not one/);
    expect(endpointProblem('https://u:p@fcm.googleapis.com/x', true)).toMatch(/password/);
    expect(endpointProblem('http://127.0.0.1:9/push/x', true)).toMatch(/https/);
    expect(endpointProblem('http://127.0.0.1:9/push/x', false)).toBeNull();
  });

  it('stores a subscription once, moves a browser to whoever signs in on it, removes only mine', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const phone = push.browser();
    const ok = await t.post('/api/push/subscriptions', subscription(phone), { cookie: a.cookie });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ status: true, message: 'Notifications are on for this phone' });
    expect(
      (await t.post('/api/push/subscriptions', subscription(phone), { cookie: a.cookie })).status,
    ).toBe(201);
    expect((await subsOf(a.user.id)).map((s) => s.endpoint)).toEqual([phone.endpoint]);
    // Someone else signs in on the same phone and turns notices on: they are theirs now.
    await t.post('/api/push/subscriptions', subscription(phone), { cookie: b.cookie });
    expect(await subsOf(a.user.id)).toEqual([]);
    expect((await subsOf(b.user.id)).length).toBe(1);
    // A cannot turn off B's phone.
    const notMine = await t.del('/api/push/subscriptions', {
      cookie: a.cookie,
      body: { endpoint: phone.endpoint },
    });
    expect(notMine.body).toEqual({ status: true, removed: false });
    expect((await subsOf(b.user.id)).length).toBe(1);
    const off = await t.del('/api/push/subscriptions', {
      cookie: b.cookie,
      body: { endpoint: phone.endpoint },
    });
    expect(off.body).toEqual({ status: true, removed: true });
    expect(await subsOf(b.user.id)).toEqual([]);
  });
});

describe(`push.send through the push service (${dbLabel()})`, () => {
  it('encrypts each notice for each subscribed browser, signs it, and the browser reads it', async () => {
    const { user, cookie } = await t.signIn();
    const phone = push.browser();
    const laptop = push.browser();
    for (const b of [phone, laptop])
      expect((await t.post('/api/push/subscriptions', subscription(b), { cookie })).status).toBe(
        201,
      );
    const other = await t.signIn(); // no subscription: no push for them
    const before = await sent('sent');
    await record([
      notice(user.id, 'New offer: ₦8,500 from Ladipo Genuine Parts'),
      notice(other.user.id, 'Not for a browser'),
    ]);
    expect(await pushJobs()).toBe(2);
    await runDueJobs(t.app);
    expect(await pushJobs()).toBe(0);
    for (const b of [phone, laptop]) {
      expect(push.messagesOf(b)).toEqual([
        {
          title: 'New offer: ₦8,500 from Ladipo Genuine Parts',
          body: 'Tap to compare offers',
          link: '/broadcast/1',
          tag: 'offer.new',
        },
      ]);
    }
    const d = push.received.find((r) => r.browser === phone.id)!;
    expect(d.ttl).toBe(86400);
    expect(d.topic).toBe('offer-new');
    expect(d.claims).toMatchObject({ aud: push.origin, sub: vapid.subject });
    expect(await sent('sent')).toBe(before + 2);
    // The bell has it too, as before.
    const bell = await t.get('/api/notifications', { cookie });
    expect(bell.body.items[0].title).toBe('New offer: ₦8,500 from Ladipo Genuine Parts');
  });

  it('a push service answering 410 or 404 removes the subscription; a 500 is tried again', async () => {
    const { user, cookie } = await t.signIn();
    const [gone, missing, flaky, fine] = [
      push.browser(),
      push.browser(),
      push.browser(),
      push.browser(),
    ];
    for (const b of [gone, missing, flaky, fine])
      await t.post('/api/push/subscriptions', subscription(b), { cookie });
    push.fault(gone, 'gone');
    push.fault(missing, 'missing');
    push.fault(flaky, 'error');
    const goneBefore = await sent('gone');
    const errorBefore = await sent('error');
    await record([notice(user.id, 'Your order SF-000123 is shipped', '/user/orders/123')]);
    await runDueJobs(t.app);
    expect((await subsOf(user.id)).map((s) => s.endpoint).sort()).toEqual(
      [flaky.endpoint, fine.endpoint].sort(),
    );
    expect(await sent('gone')).toBe(goneBefore + 2);
    expect(await sent('error')).toBe(errorBefore + 1);
    expect(push.messagesOf(fine).map((m) => m.title)).toEqual(['Your order SF-000123 is shipped']);
    // The flaky one waits for its next attempt, with the reason kept for staff.
    const [job] = await rows<{ attempts: number; last_error: string }>(
      t.handle.db,
      sql`select attempts, last_error from jobs where kind = 'push.send' and done_at is null and failed_at is null`,
    );
    expect(job).toMatchObject({ attempts: 1, last_error: 'push service answered 500' });
    push.fault(flaky, 'none');
    await runDueJobs(t.app, { until: new Date(Date.now() + 5 * 60_000) });
    expect(push.messagesOf(flaky).map((m) => m.title)).toEqual(['Your order SF-000123 is shipped']);
    expect(await pushJobs()).toBe(0);
  });

  it('without VAPID keys record() queues no push, and the bell and e-mail go on', async () => {
    const { user, cookie } = await t.signIn();
    await t.post('/api/push/subscriptions', subscription(push.browser()), { cookie });
    await withApp({ db: t.handle.db }, async ({ app }) => {
      await transaction(app.db, (tx) =>
        notificationsService(app).record(tx, [notice(user.id, 'Quiet notice')]),
      );
    });
    expect(await pushJobs()).toBe(0);
    expect((await t.get('/api/notifications', { cookie })).body.items[0].title).toBe(
      'Quiet notice',
    );
  });

  it('a notice may skip the bell or the e-mail, never the push', async () => {
    const { user, cookie } = await t.signIn();
    const b = push.browser();
    await t.post('/api/push/subscriptions', subscription(b), { cookie });
    const mails = async () =>
      Number(
        (
          await rows<{ n: number }>(
            t.handle.db,
            sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${user.email}`,
          )
        )[0].n,
      );
    const m0 = await mails();
    await record([
      {
        ...notice(user.id, 'Chat: are the pads in stock?', '/chat/7'),
        channels: { bell: false, email: false },
      },
    ]);
    expect(await mails()).toBe(m0);
    expect((await t.get('/api/notifications', { cookie })).body.items).toEqual([]);
    await runDueJobs(t.app);
    expect(push.messagesOf(b).map((m) => m.link)).toEqual(['/chat/7']);
  });
});

describe(`offers, orders and messages reach the phone (${dbLabel()})`, () => {
  it('a chat message, a new pay-on-delivery order and its acceptance arrive by push', async () => {
    const seller = await sellerWithStore(t.handle.db);
    const part = await product(t.handle.db, seller.store, 12000, 4, 'Corolla 2010 headlamp');
    const buyer = await t.signIn('Buyer');
    const sellerPhone = push.browser();
    const buyerPhone = push.browser();
    await t.post('/api/push/subscriptions', subscription(sellerPhone), { cookie: seller.cookie });
    await t.post('/api/push/subscriptions', subscription(buyerPhone), { cookie: buyer.cookie });

    const thread = await t.post(
      '/api/chat/threads',
      { subject: 'product', subjectId: part.prodId },
      { cookie: buyer.cookie },
    );
    const msg = await t.post(
      `/api/chat/threads/${thread.body.item.id}/messages`,
      { body: 'Is it the left one?', clientKey: 'c-push-1' },
      { cookie: buyer.cookie },
    );
    expect(msg.status).toBe(201);
    // The same message sent again (its key): stored once, pushed once.
    await t.post(
      `/api/chat/threads/${thread.body.item.id}/messages`,
      { body: 'Is it the left one?', clientKey: 'c-push-1' },
      { cookie: buyer.cookie },
    );
    const order = await buy(t.app, buyer.cookie, [{ productId: part.prodId, quantity: 1 }], {
      ...(await deliveryTo(t.handle.db)),
      paymentMethod: 'pay_on_delivery',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId =
      order.body.items?.[0]?.id ?? order.body.item?.orders?.[0]?.id ?? order.body.orders?.[0]?.id;
    expect(orderId, JSON.stringify(order.body)).toBeTruthy();
    expect(
      (await t.post(`/api/store/orders/${orderId}/accept`, {}, { cookie: seller.cookie })).status,
    ).toBe(200);
    await runDueJobs(t.app);

    const toSeller = push.messagesOf(sellerPhone);
    expect(toSeller.map((m) => m.tag).sort()).toEqual(['chat.message', 'order.new']);
    const chat = toSeller.find((m) => m.tag === 'chat.message');
    const neworder = toSeller.find((m) => m.tag === 'order.new');
    expect(chat).toMatchObject({
      title: `${buyer.user.name} sent you a message about Corolla 2010 headlamp`,
      body: 'Is it the left one?',
      link: `/chat/${thread.body.item.id}`,
    });
    expect(neworder).toMatchObject({
      // The card of that order on the store's orders page.
      link: expect.stringMatching(/^\/user\/store\/orders#order-\d+$/),
      body: 'Cash on delivery: accept it',
    });
    expect(neworder.title).toMatch(/^New order SF-\d{6} for .+: ₦[\d,.]+$/);
    expect(push.messagesOf(buyerPhone)).toEqual([
      expect.objectContaining({
        tag: 'order.status',
        link: '/user/orders',
        title: expect.stringMatching(/^Order SF-\d{6} is /),
      }),
    ]);
    // The seller's bell has the order and the chat's first unread message, not each message.
    const bell = await t.get('/api/notifications', { cookie: seller.cookie });
    expect(bell.body.items.map((n: { type: string }) => n.type)).toEqual([
      'order.new',
      'chat.message',
    ]);
  });
});

describe(`a user's browsers are capped (${dbLabel()})`, () => {
  it(`keeps the newest ${PUSH_DEVICES_MAX} of 200 subscribing at once`, async () => {
    const { user, cookie } = await t.signIn();
    const browsers = Array.from({ length: 200 }, () => push.browser());
    const answers = await Promise.all(
      browsers.map((b) => t.post('/api/push/subscriptions', subscription(b), { cookie })),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
    expect((await subsOf(user.id)).length).toBe(PUSH_DEVICES_MAX);
  }, 120_000);
});
