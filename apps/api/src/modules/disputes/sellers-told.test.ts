import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { dbLabel } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { userChannel, type LiveEvent } from '../../lib/bus.ts';
import { createUser } from '../../test/factories.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
import { orderUpTo, payOnTestPage } from '../reviews/testing.ts';

// A seller finds what concerns their store on the site, not only in e-mail: a new order, a new
// dispute and its steps, and a message to the store each ring the bell (with one e-mail per
// event, never two); order cards carry their disputes with whose move it is; the disputes list
// counts the open ones against the store.

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

type Bell = { type: string; title: string; link: string; read: boolean };
const bell = async (cookie: string) =>
  (await as(w.app, cookie).get('/api/notifications')).body.items as Bell[];
const mailsTo = async (email: string) =>
  (
    await rows<{ subject: string }>(
      w.db,
      sql`select subject from outbox where "to" = ${email} order by id`,
    )
  ).map((m) => m.subject);

/** The live events published to a user while `fn` runs. */
async function eventsOf(userId: string, fn: () => Promise<unknown>) {
  const got: LiveEvent[] = [];
  const off = w.app.bus.subscribe(userChannel(userId), (e) => void got.push(e));
  try {
    await fn();
  } finally {
    off();
  }
  return got;
}

describe(`sellers are told on the site (${dbLabel()})`, () => {
  it('a new order rings the store owner once: cash orders when placed, Paystack orders once paid', async () => {
    const s = await sellerWithStore(w.db);
    const buyer = await createUser(w.db);
    const p = await product(w.db, s.store, 4000, 20);
    const live = await eventsOf(s.user.id, async () => {
      const cash = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 2 }], {
        ...(await deliveryTo(w.db)),
        paymentMethod: 'pay_on_delivery',
      });
      expect(cash.status).toBe(201);
    });
    const first = await bell(s.cookie);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: 'order.new', read: false });
    expect(first[0].title).toMatch(/^New order SF-\d+ for .+: ₦[\d,.]+$/);
    expect(first[0].link).toMatch(/^\/user\/store\/orders#order-\d+$/);
    // The open pages hear it, with the new unread count.
    expect(live).toContainEqual(expect.objectContaining({ type: 'order.new', unread: 1 }));

    // A Paystack order: nothing while unpaid, one notice once paid.
    const online = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'paystack',
    });
    expect(online.status).toBe(201);
    expect(await bell(s.cookie)).toHaveLength(1);
    const paidLive = await eventsOf(s.user.id, () =>
      payOnTestPage(w.app, online.body.payment.authorizationUrl),
    );
    const after = await bell(s.cookie);
    expect(after).toHaveLength(2);
    expect(after[0].title).not.toBe(first[0].title);
    expect(paidLive).toContainEqual(expect.objectContaining({ type: 'order.new', unread: 2 }));

    // One e-mail per order, the order's own (its lines), not a second copy of the notice.
    await runDueJobs(w.app);
    const mails = await mailsTo(s.user.email);
    expect(mails.filter((m) => /order/i.test(m))).toHaveLength(2);
    expect(mails.every((m) => m.startsWith('New order SF-'))).toBe(true);
  });

  it("a dispute reaches the seller's bell, order card and dispute count; each step rings the other side", async () => {
    const x = await orderUpTo(w, 'delivered');
    const seller = as(w.app, x.s.cookie);
    const buyer = as(w.app, x.buyer.cookie);
    expect((await seller.get('/api/disputes')).body.storeOpen).toBe(0);
    const before = (await bell(x.s.cookie)).length;

    const opened = await buyer.post('/api/disputes', {
      orderId: x.order.id,
      productId: x.p.prodId,
      reason: 'wrong_part',
      message: 'I ordered a left headlamp and received a right one.',
    });
    expect(opened.status).toBe(201);
    const id = opened.body.item.id as number;

    const notices = await bell(x.s.cookie);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ type: 'dispute', link: `/user/disputes/${id}` });
    expect(notices[0].title).toMatch(
      /^New dispute on order SF-\d+: .+, Wrong part\. Answer within 5 days/,
    );
    // The buyer, who opened it, is not rung about their own step.
    expect((await bell(x.buyer.cookie)).filter((n) => n.type === 'dispute')).toEqual([]);

    // The store's order card carries the dispute, whose move it is, and its page.
    const card = (await seller.get('/api/store/orders')).body.items.find(
      (o: { id: number }) => o.id === x.order.id,
    );
    expect(card.disputes).toEqual([
      {
        id,
        productId: x.p.prodId,
        open: true,
        label: 'Dispute open: answer the buyer',
        url: `/user/disputes/${id}`,
      },
    ]);
    const mine = (await buyer.get('/api/orders')).body.items.find(
      (o: { id: number }) => o.id === x.order.id,
    );
    expect(mine.disputes[0].label).toBe('Dispute open: the store answers');
    expect((await seller.get('/api/disputes')).body.storeOpen).toBe(1);

    // The buyer writes: the seller's bell; the seller offers: the buyer's bell.
    await buyer.post(`/api/disputes/${id}/messages`, { body: 'Photos attached, see the side.' });
    expect((await bell(x.s.cookie))[0].title).toMatch(
      /wrote on the dispute of order SF-\d+: "Photos attached/,
    );
    const offer = await seller.post(`/api/disputes/${id}/offer`, { kind: 'replacement' });
    expect(offer.status).toBe(200);
    expect((await bell(x.buyer.cookie))[0]).toMatchObject({
      type: 'dispute',
      link: `/user/disputes/${id}`,
    });
    expect(
      (await seller.get('/api/store/orders')).body.items.find(
        (o: { id: number }) => o.id === x.order.id,
      ).disputes[0].label,
    ).toBe('Dispute: your offer waits for the buyer');

    // Settled: the count drops, the card says so.
    expect((await buyer.post(`/api/disputes/${id}/accept`)).status).toBe(200);
    expect((await seller.get('/api/disputes')).body.storeOpen).toBe(0);
    expect(
      (await seller.get('/api/store/orders')).body.items.find(
        (o: { id: number }) => o.id === x.order.id,
      ).disputes[0],
    ).toMatchObject({ open: false, label: 'Dispute settled' });

    // Every step e-mailed the seller once: opened, the buyer's message, the acceptance.
    await runDueJobs(w.app);
    const disputeMails = (await mailsTo(x.s.user.email)).filter((m) => /dispute/i.test(m));
    expect(disputeMails).toHaveLength(3);
  });

  it('a message to the store rings once per unread run, not once per message', async () => {
    const s = await sellerWithStore(w.db);
    const part = await product(w.db, s.store, 5000, 3, 'Left headlamp Corolla 2010');
    const buyer = await createUser(w.db, 'Buyer', { name: 'Ada Obi' });
    const open = await as(w.app, buyer.cookie).post('/api/chat/threads', {
      subject: 'product',
      subjectId: part.prodId,
    });
    expect(open.status).toBe(200);
    const thread = open.body.item.id as number;
    const say = (cookie: string, body: string) =>
      as(w.app, cookie).post(`/api/chat/threads/${thread}/messages`, { body });
    for (const text of ['Is it still available?', 'Does it fit a 2010 Corolla?', 'Hello?'])
      expect((await say(buyer.cookie, text)).status).toBe(201);
    let rung = (await bell(s.cookie)).filter((n) => n.type === 'chat.message');
    expect(rung).toHaveLength(1);
    expect(rung[0]).toMatchObject({ link: `/chat/${thread}` });
    expect(rung[0].title).toBe('Ada Obi sent you a message about Left headlamp Corolla 2010');

    // The seller reads and answers: the buyer is rung; the buyer's next message rings again.
    const seen = await as(w.app, s.cookie).get(`/api/chat/threads/${thread}`);
    const last = seen.body.messages.at(-1).id as number;
    expect(
      (await as(w.app, s.cookie).post(`/api/chat/threads/${thread}/read`, { lastId: last })).status,
    ).toBe(200);
    expect((await say(s.cookie, 'Yes, it fits.')).status).toBe(201);
    expect((await bell(buyer.cookie)).filter((n) => n.type === 'chat.message')).toHaveLength(1);
    expect((await say(buyer.cookie, 'Great, I will order.')).status).toBe(201);
    rung = (await bell(s.cookie)).filter((n) => n.type === 'chat.message');
    expect(rung).toHaveLength(2);
    expect(rung[0].link).toBe(`/chat/${thread}`);
  });
});
