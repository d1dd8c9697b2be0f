import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { CHAT_GUEST_COOKIE, CHAT_MESSAGE_MAX } from '@sf/shared';
import {
  createTestApp,
  dbLabel,
  sessionCookieOf,
  setCookieHeader,
  type TestApp,
} from '../../test/helper.ts';
import { uniquePhone } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { buy, deliveryTo, product, sellerWithStore } from '../checkout/testing.ts';
import { STAFF_CHANNEL, userChannel, guestChannel, type LiveEvent } from '../../lib/bus.ts';
import { CHAT_RATE } from './service.ts';

// Chat: support threads (users and guests), direct threads about a product, an order or a
// request, who may read what, read receipts, unread counts, blocks, reports, limits and the
// staff's inbox. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
});
afterAll(() => t?.close());

/** The chat cookie (`name=value`) an answer sets. */
const chatCookieOf = (h: string | string[] | undefined) => {
  const m = new RegExp(`${CHAT_GUEST_COOKIE}=([^;]+)`).exec(setCookieHeader(h));
  return m ? `${CHAT_GUEST_COOKIE}=${m[1]}` : undefined;
};

/** Collects the bus events of a channel. */
function listen(channel: string) {
  const got: LiveEvent[] = [];
  const off = t.app.bus.subscribe(channel, (e) => void got.push(e));
  return { got, off };
}

/** A seller with a part and a buyer with a thread about it. */
async function productThread() {
  const seller = await sellerWithStore(db);
  const part = await product(db, seller.store, 5000, 3, 'Left headlamp Corolla 2010');
  const buyer = await t.signIn('Buyer');
  const r = await t.post(
    '/api/chat/threads',
    { subject: 'product', subjectId: part.prodId },
    { cookie: buyer.cookie },
  );
  expect(r.status).toBe(200);
  return { seller, buyer, part, thread: r.body.item };
}

describe('support chat', () => {
  it('a guest writes to support: a chat cookie is set, the thread is theirs alone', async () => {
    const first = await t.post('/api/chat/support/messages', {
      body: 'Hello, do you deliver to Abuja?',
    });
    expect(first.status).toBe(201);
    const cookie = chatCookieOf(first.headers['set-cookie'])!;
    expect(cookie).toBeTruthy();
    expect(setCookieHeader(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const mine = await t.get('/api/chat/support', { cookie });
    expect(mine.body.item.title).toBe('SpareFinder support');
    expect(mine.body.messages.map((m: any) => [m.body, m.mine])).toEqual([
      ['Hello, do you deliver to Abuja?', true],
    ]);
    // The same cookie writes into the same thread, no new cookie.
    const second = await t.post('/api/chat/support/messages', { body: 'And Kano?' }, { cookie });
    expect(second.status).toBe(201);
    expect(chatCookieOf(second.headers['set-cookie'])).toBeUndefined();
    expect(second.body.item.threadId).toBe(mine.body.item.id);
    // Another guest, a signed-in user, a forged cookie: none sees it.
    expect((await t.get('/api/chat/support')).body.item).toBeNull();
    const forged = `${CHAT_GUEST_COOKIE}=${'x'.repeat(43)}`;
    expect((await t.get(`/api/chat/threads/${mine.body.item.id}`, { cookie: forged })).status).toBe(
      404,
    );
    const ada = await t.signIn('Buyer');
    expect(
      (await t.get(`/api/chat/threads/${mine.body.item.id}`, { cookie: ada.cookie })).status,
    ).toBe(404);
    expect((await t.get(`/api/chat/threads/${mine.body.item.id}`, { cookie })).status).toBe(200);
  });

  it('staff see waiting threads, answer, and the customer gets it live; counts move', async () => {
    const ada = await t.signIn('Buyer');
    const admin = await t.signIn('Admin');
    const staff = listen(STAFF_CHANNEL);
    const adaBus = listen(userChannel(ada.user.id));
    const sent = await t.post(
      '/api/chat/support/messages',
      { body: 'My order is late' },
      { cookie: ada.cookie },
    );
    expect(sent.status).toBe(201);
    const threadId = sent.body.item.threadId;
    expect(staff.got.some((e) => e.type === 'chat.message' && e.threadId === threadId)).toBe(true);

    const inbox = await t.get('/api/admin/support', { cookie: admin.cookie });
    expect(inbox.status).toBe(200);
    const row = inbox.body.items.find((x: any) => x.id === threadId);
    expect(row).toMatchObject({ title: ada.user.name, awaitingStaff: true, unread: 1 });
    const waitingBefore = inbox.body.waiting;
    expect(waitingBefore).toBeGreaterThanOrEqual(1);
    // Not for customers.
    expect((await t.get('/api/admin/support', { cookie: ada.cookie })).status).toBe(403);

    const answer = await t.post(
      `/api/admin/support/${threadId}/messages`,
      { body: 'Sorry! It leaves today.' },
      { cookie: admin.cookie },
    );
    expect(answer.status).toBe(201);
    const ev = adaBus.got.find(
      (e) => e.type === 'chat.message' && e.messageId === answer.body.item.id,
    );
    expect(ev).toMatchObject({ threadId, side: 'b', preview: 'Sorry! It leaves today.' });
    // Signed in, they hear of it away from the page too: the bell and one e-mail for the first
    // message of an unread run; once they have read it, the next answer rings again.
    const bell = async () =>
      ((await t.get('/api/notifications', { cookie: ada.cookie })).body.items as any[]).filter(
        (n) => n.type === 'chat.message',
      );
    const mails = async () =>
      (
        await rows<{ subject: string }>(
          db,
          sql`select subject from outbox where "to" = ${ada.user.email} order by id`,
        )
      ).filter((m) => /message/i.test(m.subject));
    await runDueJobs(t.app);
    expect(await bell()).toMatchObject([{ link: `/chat/${threadId}` }]);
    expect((await bell())[0].title).toContain('SpareFinder support');
    expect(await mails()).toHaveLength(1);
    const after = await t.get('/api/admin/support', { cookie: admin.cookie });
    expect(after.body.waiting).toBe(waitingBefore - 1);
    expect(after.body.items.some((x: any) => x.id === threadId)).toBe(false);

    // The customer has one unread; reading clears it and the staff see the receipt.
    expect((await t.get('/api/chat/unread', { cookie: ada.cookie })).body.unread).toBe(1);
    const mine = await t.get('/api/chat/threads', { cookie: ada.cookie });
    expect(mine.body.items[0]).toMatchObject({ id: threadId, unread: 1, kind: 'support' });
    const read = await t.post(
      `/api/chat/threads/${threadId}/read`,
      { lastId: answer.body.item.id },
      { cookie: ada.cookie },
    );
    expect(read.body.unread).toBe(0);
    expect(staff.got.some((e) => e.type === 'chat.read' && e.readId === answer.body.item.id)).toBe(
      true,
    );
    const seen = await t.get(`/api/admin/support/${threadId}`, { cookie: admin.cookie });
    expect(seen.body.item.otherReadId).toBe(answer.body.item.id);
    expect(seen.body.messages.map((m: any) => [m.side, m.mine])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    const next = await t.post(
      `/api/admin/support/${threadId}/messages`,
      { body: 'The rider has it now.' },
      { cookie: admin.cookie },
    );
    expect(next.status).toBe(201);
    await runDueJobs(t.app);
    expect(await bell()).toHaveLength(2);
    expect(await mails()).toHaveLength(2);
    staff.off();
    adaBus.off();
  });

  it('a guest hears the answer on their own channel', async () => {
    const admin = await t.signIn('Admin');
    const first = await t.post('/api/chat/support/messages', { body: 'Hi' });
    const cookie = chatCookieOf(first.headers['set-cookie'])!;
    const [{ guest_id }] = await rows<{ guest_id: string }>(
      db,
      sql`select guest_id from chat_threads where id = ${first.body.item.threadId}`,
    );
    expect(cookie).not.toContain(guest_id); // only the hash is stored
    const g = listen(guestChannel(guest_id));
    await t.post(
      `/api/admin/support/${first.body.item.threadId}/messages`,
      { body: 'Hello guest' },
      { cookie: admin.cookie },
    );
    expect(g.got.map((e) => e.preview)).toContain('Hello guest');
    g.off();
  });
});

describe('direct threads', () => {
  it('one thread per buyer, seller and product; only the two read it', async () => {
    const { seller, buyer, part, thread } = await productThread();
    expect(thread).toMatchObject({
      kind: 'direct',
      subjectType: 'product',
      subjectTitle: part.name,
    });
    expect(thread.title).toBe(seller.user.name);
    const again = await t.post(
      '/api/chat/threads',
      { subject: 'product', subjectId: part.prodId },
      { cookie: buyer.cookie },
    );
    expect(again.body.item.id).toBe(thread.id);

    const sellerBus = listen(userChannel(seller.user.id));
    const m = await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Is it original?' },
      { cookie: buyer.cookie },
    );
    expect(m.status).toBe(201);
    expect(sellerBus.got).toContainEqual(
      expect.objectContaining({ type: 'chat.message', messageId: m.body.item.id }),
    );
    sellerBus.off();

    const sellerView = await t.get(`/api/chat/threads/${thread.id}`, { cookie: seller.cookie });
    expect(sellerView.body.item).toMatchObject({ title: buyer.user.name, unread: 1 });
    expect(sellerView.body.messages[0]).toMatchObject({ body: 'Is it original?', mine: false });
    const reply = await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Yes, Toyota genuine' },
      { cookie: seller.cookie },
    );
    expect(reply.status).toBe(201);

    const stranger = await t.signIn('Buyer');
    for (const [method, url, body] of [
      ['GET', `/api/chat/threads/${thread.id}`, undefined],
      ['POST', `/api/chat/threads/${thread.id}/messages`, { body: 'hi' }],
      ['POST', `/api/chat/threads/${thread.id}/read`, { lastId: 1 }],
      ['POST', `/api/chat/threads/${thread.id}/block`, undefined],
      ['POST', `/api/chat/messages/${m.body.item.id}/report`, {}],
    ] as const) {
      const r = await t.call(method, url, { cookie: stranger.cookie, body });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    // Guests see no direct thread either; staff only once something in it is reported.
    expect((await t.get(`/api/chat/threads/${thread.id}`)).status).toBe(404);
    const admin = await t.signIn('Admin');
    expect((await t.get(`/api/admin/support/${thread.id}`, { cookie: admin.cookie })).status).toBe(
      404,
    );
    expect(
      (
        await t.post(
          `/api/admin/support/${thread.id}/messages`,
          { body: 'x' },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(400);
    // Not with oneself.
    const own = await t.post(
      '/api/chat/threads',
      { subject: 'product', subjectId: part.prodId },
      { cookie: seller.cookie },
    );
    expect(own.status).toBe(400);
  });

  it('about an order: buyer or seller opens the same thread; others get 404', async () => {
    const seller = await sellerWithStore(db);
    const part = await product(db, seller.store, 800, 5);
    const buyer = await t.signIn('Buyer');
    const res = await buy(t.app, buyer.cookie, [{ productId: part.prodId, quantity: 1 }], {
      ...(await deliveryTo(db)),
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status).toBe(201);
    const orderId = res.body.orders[0].id;
    const a = await t.post(
      '/api/chat/threads',
      { subject: 'order', subjectId: orderId },
      { cookie: buyer.cookie },
    );
    const b = await t.post(
      '/api/chat/threads',
      { subject: 'order', subjectId: orderId },
      { cookie: seller.cookie },
    );
    expect(a.body.item.id).toBe(b.body.item.id);
    expect(a.body.item.subjectTitle).toBe(`Order SF-${String(orderId).padStart(6, '0')}`);
    const other = await t.signIn('Seller');
    expect(
      (
        await t.post(
          '/api/chat/threads',
          { subject: 'order', subjectId: orderId },
          { cookie: other.cookie },
        )
      ).status,
    ).toBe(404);
  });

  it('about a request: the requester with a provider it reached, or that provider', async () => {
    const requester = await t.signIn('Buyer');
    const provider = await t.signIn('Mechanic');
    const outsider = await t.signIn('Mechanic');
    const [s] = await rows<{ state_id: number; city_id: number }>(
      db,
      sql`select state_id, id as city_id from cities limit 1`,
    );
    const [r] = await rows<{ id: number }>(
      db,
      sql`insert into requests (user_id, kind, speciality_id, state_id, city_id, description, urgency, expires_at)
          values (${requester.user.id}, 'mechanic', 1, ${s.state_id}, ${s.city_id}, 'Engine knocks', 'today', now() + interval '1 day')
          returning id`,
    );
    await db.execute(
      sql`insert into request_recipients (request_id, user_id) values (${r.id}, ${provider.user.id})`,
    );
    const open = (cookie: string, withUserId?: string) =>
      t.post(
        '/api/chat/threads',
        { subject: 'request', subjectId: r.id, ...(withUserId ? { withUserId } : {}) },
        { cookie },
      );
    const byProvider = await open(provider.cookie);
    expect(byProvider.status).toBe(200);
    const byRequester = await open(requester.cookie, provider.user.id);
    expect(byRequester.body.item.id).toBe(byProvider.body.item.id);
    expect((await open(requester.cookie)).status).toBe(400);
    // Or by the provider's offer, as the request page's 'Chat' button does.
    const [offer] = await rows<{ id: number }>(
      db,
      sql`insert into request_offers (request_id, user_id, provider_name, price_kobo)
          values (${r.id}, ${provider.user.id}, 'Musa Auto', 500000) returning id`,
    );
    const byOffer = await t.post(
      '/api/chat/threads',
      { subject: 'request', subjectId: r.id, offerId: offer.id },
      { cookie: requester.cookie },
    );
    expect(byOffer.body.item.id).toBe(byProvider.body.item.id);
    expect((await open(requester.cookie, outsider.user.id)).status).toBe(404);
    expect((await open(outsider.cookie)).status).toBe(404);
  });
});

describe('delivery rules', () => {
  it('the same client key is stored once, however often it is sent', async () => {
    const { buyer, thread } = await productThread();
    const send = () =>
      t.post(
        `/api/chat/threads/${thread.id}/messages`,
        { body: 'Sent twice', clientKey: 'k-offline-1' },
        { cookie: buyer.cookie },
      );
    const [x, y] = await Promise.all([send(), send()]);
    const z = await send();
    expect([x.status, y.status, z.status]).toEqual([201, 201, 201]);
    expect(new Set([x.body.item.id, y.body.item.id, z.body.item.id]).size).toBe(1);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from chat_messages where thread_id = ${thread.id}`,
    );
    expect(n).toBe(1);
  });

  it('refuses empty, too long and malformed messages with a clear 400', async () => {
    const { buyer, thread } = await productThread();
    const url = `/api/chat/threads/${thread.id}/messages`;
    const long = await t.post(
      url,
      { body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
      { cookie: buyer.cookie },
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      'Your message is 2,001 characters long: the most is 2,000. Shorten it or send it in parts.',
    );
    const blank = await t.post(url, { body: '   \n  ' }, { cookie: buyer.cookie });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Write a message first');
    expect((await t.post(url, { body: 'a\u0000b' }, { cookie: buyer.cookie })).status).toBe(400);
    expect(
      (await t.post(url, { body: 'ok', clientKey: 'has space' }, { cookie: buyer.cookie })).status,
    ).toBe(400);
    expect(
      (await t.post(url, { body: 'x'.repeat(CHAT_MESSAGE_MAX) }, { cookie: buyer.cookie })).status,
    ).toBe(201);
  });

  it(`limits messages to ${CHAT_RATE.max} a minute per person`, async () => {
    const { buyer, thread } = await productThread();
    const url = `/api/chat/threads/${thread.id}/messages`;
    const all = await Promise.all(
      Array.from({ length: CHAT_RATE.max + 5 }, (_, i) =>
        t.post(url, { body: `m${i}` }, { cookie: buyer.cookie }),
      ),
    );
    expect(all.filter((r) => r.status === 201)).toHaveLength(CHAT_RATE.max);
    const refused = all.find((r) => r.status === 429)!;
    expect(refused.body.message).toMatch(/too fast/);
    expect(refused.headers['retry-after']).toBeTruthy();
  });

  it("a blocked user's messages are stored out of the blocker's sight and not delivered", async () => {
    const { seller, buyer, thread } = await productThread();
    const sellerBus = listen(userChannel(seller.user.id));
    expect(
      (await t.post(`/api/chat/threads/${thread.id}/block`, undefined, { cookie: seller.cookie }))
        .status,
    ).toBe(200);
    const m = await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Pay me now!!!' },
      { cookie: buyer.cookie },
    );
    expect(m.status).toBe(201); // the writer is not told (no encouragement to try another way)
    expect(sellerBus.got.some((e) => e.messageId === m.body.item.id)).toBe(false);
    const view = await t.get(`/api/chat/threads/${thread.id}`, { cookie: seller.cookie });
    expect(view.body.messages).toEqual([]);
    expect(view.body.item).toMatchObject({ unread: 0, blocked: true });
    expect((await t.get('/api/chat/unread', { cookie: seller.cookie })).body.unread).toBe(0);
    // The writer still sees their own message.
    expect(
      (await t.get(`/api/chat/threads/${thread.id}`, { cookie: buyer.cookie })).body.messages,
    ).toHaveLength(1);
    // Unblocked: new messages arrive again; the hidden one stays hidden.
    await t.del(`/api/chat/threads/${thread.id}/block`, { cookie: seller.cookie });
    const m2 = await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Sorry' },
      { cookie: buyer.cookie },
    );
    expect(sellerBus.got.some((e) => e.messageId === m2.body.item.id)).toBe(true);
    const again = await t.get(`/api/chat/threads/${thread.id}`, { cookie: seller.cookie });
    expect(again.body.messages.map((x: any) => x.body)).toEqual(['Sorry']);
    // Support cannot be blocked.
    const s = await t.post('/api/chat/support/messages', { body: 'hi' }, { cookie: seller.cookie });
    expect(
      (
        await t.post(`/api/chat/threads/${s.body.item.threadId}/block`, undefined, {
          cookie: seller.cookie,
        })
      ).status,
    ).toBe(400);
    sellerBus.off();
  });

  it('a report is counted for staff, who read the thread and close it', async () => {
    const { seller, buyer, thread } = await productThread();
    const admin = await t.signIn('Admin');
    const m = await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Send money to this account' },
      { cookie: seller.cookie },
    );
    expect(
      (await t.post(`/api/chat/messages/${m.body.item.id}/report`, {}, { cookie: seller.cookie }))
        .status,
    ).toBe(400);
    const before = (await t.get('/api/admin/support?show=reported', { cookie: admin.cookie })).body
      .reported;
    const r = await t.post(
      `/api/chat/messages/${m.body.item.id}/report`,
      { reason: 'Scam' },
      { cookie: buyer.cookie },
    );
    expect(r.status).toBe(200);
    await t.post(
      `/api/chat/messages/${m.body.item.id}/report`,
      { reason: 'Scam' },
      { cookie: buyer.cookie },
    );
    const inbox = await t.get('/api/admin/support?show=reported', { cookie: admin.cookie });
    expect(inbox.body.reported).toBe(before + 1);
    expect(inbox.body.items.map((x: any) => x.id)).toContain(thread.id);
    const view = await t.get(`/api/admin/support/${thread.id}`, { cookie: admin.cookie });
    expect(view.status).toBe(200);
    expect(view.body.messages.find((x: any) => x.id === m.body.item.id).reports).toBe(1);
    const resolved = await t.post(`/api/admin/chat/messages/${m.body.item.id}/resolve`, undefined, {
      cookie: admin.cookie,
    });
    expect(resolved.status).toBe(200);
    const trail = await t.get(`/api/admin/audit?targetType=message&targetId=${m.body.item.id}`, {
      cookie: admin.cookie,
    });
    expect(trail.body.items[0]).toMatchObject({
      action: 'message.resolve',
      actorId: admin.user.id,
    });
    const attention = await t.get('/api/admin/attention', { cookie: admin.cookie });
    expect(attention.body.items.map((x: any) => x.key)).toEqual(
      expect.arrayContaining(['support.unanswered', 'messages.reported']),
    );
    expect(
      (await t.get('/api/admin/support?show=reported', { cookie: admin.cookie })).body.reported,
    ).toBe(before);
    expect(
      (
        await t.post(`/api/admin/chat/messages/${m.body.item.id}/resolve`, undefined, {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it('read marks never move back nor past the last message; afterId reloads what was missed', async () => {
    const { seller, buyer, thread } = await productThread();
    const ids: number[] = [];
    for (const b of ['one', 'two', 'three'])
      ids.push(
        (
          await t.post(
            `/api/chat/threads/${thread.id}/messages`,
            { body: b },
            { cookie: buyer.cookie },
          )
        ).body.item.id,
      );
    const read = (lastId: number) =>
      t.post(`/api/chat/threads/${thread.id}/read`, { lastId }, { cookie: seller.cookie });
    await read(ids[1]);
    expect(
      (await t.get(`/api/chat/threads/${thread.id}`, { cookie: seller.cookie })).body.item.unread,
    ).toBe(1);
    await read(ids[0]);
    expect(
      (await t.get(`/api/chat/threads/${thread.id}`, { cookie: seller.cookie })).body.item.unread,
    ).toBe(1);
    await read(2_000_000_000);
    const b = await t.get(`/api/chat/threads/${thread.id}`, { cookie: buyer.cookie });
    expect(b.body.item.otherReadId).toBe(ids[2]);
    const missed = await t.get(`/api/chat/threads/${thread.id}?afterId=${ids[0]}`, {
      cookie: seller.cookie,
    });
    expect(missed.body.messages.map((m: any) => m.body)).toEqual(['two', 'three']);
  });
});

describe(`chat for people who are not signed in, and the Chat badge (${dbLabel()})`, () => {
  /** A guest's first message, and the cookie that now holds their thread. */
  async function guestAsks(body: string) {
    const r = await t.post('/api/chat/support/messages', { body, clientKey: `k${Date.now()}` });
    expect(r.status).toBe(201);
    return { cookie: chatCookieOf(r.headers['set-cookie'])!, threadId: r.body.item.threadId, r };
  }
  let n = 0;
  const account = () => ({
    name: 'Kemi Balogun',
    email: `kemi${++n}.${Date.now()}@test.ng`,
    phone: uniquePhone(),
    password: 'Danfo-and-okada-9',
    role: 'Buyer',
  });

  it('a long paste is refused whole, with its length, never cut: in support, a thread, and by staff', async () => {
    const paste = 'Price list: '.padEnd(10_000, 'x');
    const guest = await t.post('/api/chat/support/messages', { body: paste });
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe(
      'Your message is 10,000 characters long: the most is 2,000. Shorten it or send it in parts.',
    );
    expect(guest.body.fields.body).toBe(guest.body.message);
    // Nothing was stored, cut or otherwise, and no cookie was needed for a refusal to be clear.
    const { buyer, thread } = await productThread();
    const url = `/api/chat/threads/${thread.id}/messages`;
    const r = await t.post(url, { body: paste }, { cookie: buyer.cookie });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/10,000 characters long/);
    expect(
      (await t.get(`/api/chat/threads/${thread.id}`, { cookie: buyer.cookie })).body.messages,
    ).toEqual([]);
    // The limit counts characters as people do: 2,000 emoji fit, 2,001 do not.
    expect((await t.post(url, { body: '🚗'.repeat(2000) }, { cookie: buyer.cookie })).status).toBe(
      201,
    );
    expect((await t.post(url, { body: '🚗'.repeat(2001) }, { cookie: buyer.cookie })).status).toBe(
      400,
    );
    const admin = await t.signIn('Admin');
    const ada = await t.signIn('Buyer');
    const q = await t.post('/api/chat/support/messages', { body: 'Hi' }, { cookie: ada.cookie });
    const staff = await t.post(
      `/api/admin/support/${q.body.item.threadId}/messages`,
      { body: paste },
      { cookie: admin.cookie },
    );
    expect(staff.status).toBe(400);
    expect(staff.body.message).toMatch(/10,000 characters long/);
  });

  it('the badge opens the conversation waiting: the unread answer names it when only one waits', async () => {
    const { seller, buyer, thread } = await productThread();
    const admin = await t.signIn('Admin');
    const unread = async () =>
      (await t.get('/api/chat/unread', { cookie: buyer.cookie })).body as {
        unread: number;
        threads: number;
        threadId: number | null;
      };
    expect(await unread()).toMatchObject({ unread: 0, threads: 0, threadId: null });
    // The seller answers about the part: that thread, not support, is the one waiting.
    await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Is it still there?' },
      { cookie: buyer.cookie },
    );
    await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Yes, come today' },
      { cookie: seller.cookie },
    );
    await t.post(
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'Before 5pm' },
      { cookie: seller.cookie },
    );
    expect(await unread()).toEqual({ status: true, unread: 2, threads: 1, threadId: thread.id });
    // Support answers too: two conversations wait, so the badge opens the list.
    const q = await t.post('/api/chat/support/messages', { body: 'Hi' }, { cookie: buyer.cookie });
    const a = await t.post(
      `/api/admin/support/${q.body.item.threadId}/messages`,
      { body: 'Hello!' },
      { cookie: admin.cookie },
    );
    expect(await unread()).toMatchObject({ unread: 3, threads: 2, threadId: null });
    // Reading the seller's leaves support as the one waiting.
    const last = (await t.get(`/api/chat/threads/${thread.id}`, { cookie: buyer.cookie })).body
      .messages as { id: number }[];
    await t.post(
      `/api/chat/threads/${thread.id}/read`,
      { lastId: last[last.length - 1].id },
      { cookie: buyer.cookie },
    );
    expect(await unread()).toMatchObject({
      unread: 1,
      threads: 1,
      threadId: q.body.item.threadId,
    });
    await t.post(
      `/api/chat/threads/${q.body.item.threadId}/read`,
      { lastId: a.body.item.id },
      { cookie: buyer.cookie },
    );
    expect(await unread()).toMatchObject({ unread: 0, threads: 0, threadId: null });
  });

  it("a guest's support thread moves into the account that registers or signs in on that browser", async () => {
    const admin = await t.signIn('Admin');
    const g = await guestAsks('Do you have a gearbox for a 2008 Camry?');
    await t.post(
      `/api/admin/support/${g.threadId}/messages`,
      { body: 'Yes: three stores list one.' },
      { cookie: admin.cookie },
    );
    const body = account();
    // Registration on the browser holding the chat cookie.
    const reg = await t.call('POST', '/api/auth/register', {
      body,
      cookie: g.cookie,
      ip: '10.77.0.1',
    });
    expect(reg.status).toBe(201);
    // The guest cookie is cleared; the account now holds the conversation.
    expect(setCookieHeader(reg.headers['set-cookie'])).toMatch(
      new RegExp(`${CHAT_GUEST_COOKIE}=;`),
    );
    const mine = await t.get('/api/chat/support', { cookie: reg.cookie });
    expect(mine.body.messages.map((m: any) => [m.body, m.mine, m.senderName])).toEqual([
      ['Do you have a gearbox for a 2008 Camry?', true, 'Kemi Balogun'],
      ['Yes: three stores list one.', false, admin.user.name],
    ]);
    // The answer was unread by the guest: still unread, and the badge knows where.
    expect((await t.get('/api/chat/unread', { cookie: reg.cookie })).body).toMatchObject({
      unread: 1,
      threadId: mine.body.item.id,
    });
    // The guest cookie no longer reads anything: the thread is the account's alone.
    expect((await t.get('/api/chat/support', { cookie: g.cookie })).body.item).toBeNull();
    expect((await t.get(`/api/chat/threads/${g.threadId}`, { cookie: g.cookie })).status).toBe(404);

    // Signed out, the same person asks again as a guest, then signs in: the new question joins
    // the account's thread, after the old ones, and staff see it waiting under the name.
    const again = await guestAsks('And a clutch plate?');
    const resent = again.r.body.item.clientKey as string;
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: body.email, password: body.password },
      cookie: again.cookie,
      ip: '10.77.0.2',
    });
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login.headers['set-cookie'])!;
    const after = await t.get('/api/chat/support', { cookie });
    expect(after.body.item.id).toBe(mine.body.item.id);
    expect(after.body.messages.map((m: any) => m.body)).toEqual([
      'Do you have a gearbox for a 2008 Camry?',
      'Yes: three stores list one.',
      'And a clutch plate?',
    ]);
    expect(after.body.item.awaitingStaff).toBe(true);
    // A page that sends the same message again after signing in (its answer was lost) stores it once.
    const dup = await t.post(
      '/api/chat/support/messages',
      { body: 'And a clutch plate?', clientKey: resent },
      { cookie },
    );
    expect(dup.status).toBe(201);
    expect((await t.get('/api/chat/support', { cookie })).body.messages).toHaveLength(3);
    const inbox = await t.get('/api/admin/support', { cookie: admin.cookie });
    expect(inbox.body.items.find((x: any) => x.id === after.body.item.id)).toMatchObject({
      title: 'Kemi Balogun',
      awaitingStaff: true,
    });
    expect(inbox.body.items.some((x: any) => x.id === again.threadId)).toBe(false);
    // A sign-in without a guest cookie moves nothing and makes no thread.
    const other = account();
    const r2 = await t.call('POST', '/api/auth/register', { body: other, ip: '10.77.0.3' });
    expect((await t.get('/api/chat/support', { cookie: r2.cookie })).body.item).toBeNull();
  });

  it('two sign-ins at once with the same guest cookie move the thread once', async () => {
    const g = await guestAsks('Is pay on delivery possible in Ibadan?');
    const body = account();
    const reg = await t.call('POST', '/api/auth/register', { body, ip: '10.77.1.1' });
    expect(reg.status).toBe(201);
    const both = await Promise.all(
      [1, 2].map((i) =>
        t.call('POST', '/api/auth/login', {
          body: { email: body.email, password: body.password },
          cookie: g.cookie,
          ip: `10.77.1.${i + 1}`,
        }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const [{ n: threads }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from chat_threads where kind = 'support' and user_a = ${reg.body.user.id}`,
    );
    expect(threads).toBe(1);
    const msgs = (await t.get('/api/chat/support', { cookie: reg.cookie })).body.messages;
    expect(msgs.map((m: any) => m.body)).toEqual(['Is pay on delivery possible in Ibadan?']);
  });

  it('a guest may leave an e-mail; each staff answer is mailed to it once', async () => {
    const admin = await t.signIn('Admin');
    // No thread yet: nothing to attach an e-mail to.
    expect((await t.put('/api/chat/support/email', { email: 'tunde@example.ng' })).status).toBe(
      404,
    );
    const g = await guestAsks('When does the Ikeja store open?');
    const bad = await t.put('/api/chat/support/email', { email: 'tunde@' }, { cookie: g.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a valid e-mail address, like ada@example.com');
    const ok = await t.put(
      '/api/chat/support/email',
      { email: ' Tunde@Example.ng ' },
      { cookie: g.cookie },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Thank you: we will e-mail our answer to tunde@example.ng too');
    expect((await t.get('/api/chat/support', { cookie: g.cookie })).body.item.guestEmail).toBe(
      'tunde@example.ng',
    );
    // Staff see where the answer goes.
    const seen = await t.get(`/api/admin/support/${g.threadId}`, { cookie: admin.cookie });
    expect(seen.body.item.guestEmail).toBe('tunde@example.ng');
    // A signed-in user has an account for that.
    const ada = await t.signIn('Buyer');
    expect(
      (await t.put('/api/chat/support/email', { email: 'a@b.ng' }, { cookie: ada.cookie })).status,
    ).toBe(400);

    const answer = { body: 'From 8am, Monday to Saturday.', clientKey: 'staff-answer-1' };
    const url = `/api/admin/support/${g.threadId}/messages`;
    expect((await t.post(url, answer, { cookie: admin.cookie })).status).toBe(201);
    // The same answer sent again (its reply lost) is stored once and mailed once.
    expect((await t.post(url, answer, { cookie: admin.cookie })).status).toBe(201);
    await runDueJobs(t.app);
    const mails = await rows<{ subject: string; text: string }>(
      db,
      sql`select subject, text from outbox where "to" = 'tunde@example.ng'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('SpareFinder support answered your question');
    expect(mails[0].text).toContain('From 8am, Monday to Saturday.');
    expect(mails[0].text).toContain('/chat');

    // Removed: the next answer stays in the chat only.
    const off = await t.put('/api/chat/support/email', { email: '' }, { cookie: g.cookie });
    expect(off.body.message).toBe('Your e-mail is removed: answers stay here in the chat');
    await t.post(url, { body: 'Anything else?' }, { cookie: admin.cookie });
    await runDueJobs(t.app);
    expect(await rows(db, sql`select 1 from outbox where "to" = 'tunde@example.ng'`)).toHaveLength(
      1,
    );
  });
});
