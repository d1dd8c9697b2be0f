import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb } from '@sf/db/testing';
import { rows, type DbHandle } from '@sf/db';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { transaction } from '../../lib/tx.ts';
import { watchAnswers } from '../../test/answers.ts';
import { client, dbLabel, withApp } from '../../test/helper.ts';
import { createUser } from '../../test/factories.ts';
import { createProduct, createStore, makeId } from '../catalog/testing.ts';
import { placeIds } from '../checkout/testing.ts';
import { tellBuyerMoved } from '../orders/notices.ts';
import type { OrderRow } from '../orders/repository.ts';
import { startSmsServer, type LocalSms } from '../sms/testing.ts';
import { notificationsService, smsText } from './service.ts';

// SMS copies of notices (decision 0027): off by default, on by the user's choice, sent through
// the local SMS gateway over real HTTP for offer and order notices; never for what skips the
// bell (chat) or says sms: false; not offered where SMS cannot reach the number.

let h: DbHandle;
let sms: LocalSms;
let app: FastifyInstance;
let c: ReturnType<typeof client>;
let answers: ReturnType<typeof watchAnswers>;
beforeAll(async () => {
  h = await createTestDb();
  sms = await startSmsServer(h.db);
  app = await buildApp({ db: h.db, config: sms.config });
  answers = watchAnswers(app);
  await app.ready();
  c = client(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sms?.close();
  await h?.close();
  answers?.check();
});

let n = 0;
const mobile = () =>
  `+2348160${String(Date.now() % 1000).padStart(3, '0')}${String(++n).padStart(3, '0')}`;
const smsTo = async (phone: string) => {
  await runDueJobs(app);
  return sms.control.messages(phone);
};

describe(`SMS copies of notices (${dbLabel()})`, () => {
  it('are off by default; the user turns them on and off; the bell says whether SMS can reach the number', async () => {
    const u = await createUser(h.db, 'Buyer', { phone: mobile() });
    const first = await c.get('/api/notifications', { cookie: u.cookie });
    expect(first.body).toMatchObject({ sms: false, smsAvailable: true, email: true });
    const on = await c.post('/api/notifications/sms', { on: true }, { cookie: u.cookie });
    expect(on.body).toEqual({ status: true, sms: true });
    expect((await c.get('/api/notifications', { cookie: u.cookie })).body.sms).toBe(true);
    // E-mail stays as it was.
    expect((await c.get('/api/notifications', { cookie: u.cookie })).body.email).toBe(true);
    await c.post('/api/notifications/sms', { on: false }, { cookie: u.cookie });
    expect((await c.get('/api/notifications', { cookie: u.cookie })).body.sms).toBe(false);
    expect((await c.post('/api/notifications/sms', { on: true })).status).toBe(401);

    // A landline cannot get SMS: not offered, and refused with words.
    const land = await createUser(h.db, 'Buyer', {
      phone: `+23412${String(++n).padStart(8, '0')}`,
    });
    expect((await c.get('/api/notifications', { cookie: land.cookie })).body.smsAvailable).toBe(
      false,
    );
    const refused = await c.post('/api/notifications/sms', { on: true }, { cookie: land.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Nigerian mobile number/);
  });

  it('a new offer on a request reaches the buyer by SMS when they turned SMS on; the seller, who did not, gets the bell only', async () => {
    const toyota = await makeId(h.db, 'Toyota');
    const ikeja = await placeIds(h.db, 'Lagos', 'Ikeja');
    const buyer = await createUser(h.db, 'Buyer', { phone: mobile() });
    const seller = await createUser(h.db, 'Seller', { phone: mobile() });
    const store = await createStore(h.db, { ownerUserId: seller.user.id, ...ikeja });
    const product = await createProduct(h.db, {
      store,
      catId: 601,
      price: 25000,
      stock: 4,
      fitments: [{ makeId: toyota, yearFrom: 2000, yearTo: 2025 }],
    });
    await c.post('/api/notifications/sms', { on: true }, { cookie: buyer.cookie });
    const req = await c.post(
      '/api/requests',
      {
        kind: 'part',
        catId: 601,
        makeId: toyota,
        year: 2012,
        ...ikeja,
        description: 'Front brake pads for my Corolla',
        urgency: 'week',
      },
      { cookie: buyer.cookie },
    );
    expect(req.status).toBe(201);
    const id = req.body.item.id;
    const offer = await c.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 1_850_000, productId: product.prodId, note: 'Genuine' },
      { cookie: seller.cookie },
    );
    expect(offer.status).toBe(201);
    const got = await smsTo(buyer.user.phone);
    expect(got).toHaveLength(1);
    expect(got[0].text).toMatch(/offer/i);
    expect(got[0].text).toMatch(new RegExp(`\\n\\S+/broadcast/${id}$`));
    expect(got[0].text).not.toContain('₦');
    expect(got[0].text.length).toBeLessThanOrEqual(160);
    // The seller was told of the request in the bell, with SMS copies off.
    const bell = await c.get('/api/notifications', { cookie: seller.cookie });
    expect(bell.body.items.map((i: { type: string }) => i.type)).toContain('request.new');
    expect(await smsTo(seller.user.phone)).toHaveLength(0);
  });

  it('an order notice reaches the buyer by SMS (its e-mail is the receipt, not a copy)', async () => {
    const buyer = await createUser(h.db, 'Buyer', { phone: mobile() });
    await c.post('/api/notifications/sms', { on: true }, { cookie: buyer.cookie });
    const order = {
      id: 4242,
      buyerUserId: buyer.user.id,
      status: 'shipped',
      totalKobo: 4_550_000,
    } as unknown as OrderRow;
    await transaction(app.db, (tx) => tellBuyerMoved(app, tx, order));
    const [got] = await smsTo(buyer.user.phone);
    expect(got.text).toMatch(/^Order .* is /);
    expect(got.text).toMatch(/\/user\/orders$/);
  });

  it('no SMS for notices that skip the bell (chat) or say sms: false, nor for users who turned SMS off', async () => {
    const u = await createUser(h.db, 'Buyer', { phone: mobile() });
    const off = await createUser(h.db, 'Buyer', { phone: mobile() });
    await c.post('/api/notifications/sms', { on: true }, { cookie: u.cookie });
    const base = { type: 'test', link: '/user/notifications', event: { type: 'test' } };
    await transaction(app.db, (tx) =>
      notificationsService(app).record(tx, [
        { ...base, userId: u.user.id, title: 'In the chat only', channels: { bell: false } },
        { ...base, userId: u.user.id, title: 'Bell, no SMS', channels: { sms: false } },
        { ...base, userId: off.user.id, title: 'SMS is off for me' },
        { ...base, userId: u.user.id, title: 'This one by SMS' },
      ]),
    );
    expect((await smsTo(u.user.phone)).map((m) => m.text.split('\n')[0])).toEqual([
      'This one by SMS',
    ]);
    expect(await smsTo(off.user.phone)).toHaveLength(0);
  });

  it('an app without SMS (production without SMS_API_KEY) neither sends copies nor offers them', async () => {
    const u = await createUser(h.db, 'Buyer', { phone: mobile() });
    await c.post('/api/notifications/sms', { on: true }, { cookie: u.cookie });
    await withApp({ db: h.db, config: { production: true, demoData: false } }, async (a) => {
      expect((await a.get('/api/notifications', { cookie: u.cookie })).body).toMatchObject({
        sms: true,
        smsAvailable: false,
      });
      expect(
        (await a.post('/api/notifications/sms', { on: true }, { cookie: u.cookie })).status,
      ).toBe(409);
      await transaction(a.app.db, (tx) =>
        notificationsService(a.app).record(tx, [
          { userId: u.user.id, type: 't', title: 'Not sent', link: '/', event: { type: 't' } },
        ]),
      );
      const [{ k }] = await rows<{ k: number }>(
        a.app.db,
        sql`select count(*)::int as k from jobs where kind = 'sms.send' and payload->>'to' = ${u.user.phone}`,
      );
      expect(Number(k)).toBe(0);
    });
  });

  it('an SMS is one page: ₦ written NGN, a long title cut, the link kept whole', () => {
    const url = 'https://sparefinder.ng/user/store/orders';
    expect(smsText('New order #12 for Ladipo Parts: ₦45,000.00', url)).toBe(
      `New order #12 for Ladipo Parts: NGN 45,000.00\n${url}`,
    );
    const long = smsText('x'.repeat(400), url);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith(`…\n${url}`)).toBe(true);
  });
});
