import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId } from '../catalog/testing.ts';
import { placeIds } from '../checkout/testing.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { userChannel, type LiveEvent } from '../../lib/bus.ts';
import { WIDEN_AFTER_MS, lagosDay } from './service.ts';
import { listing } from './testing.ts';

// Broadcast requests: who they reach, offers, acceptance (one winner under concurrency), and
// who may see and do what. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const BRAKE_PADS = 601;
const CAR_TYRES = 401;
const BRAKES = 8; // mechanic speciality
const ENGINE = 1;
const SALOON = 1;
const TRUCK = 6;
const WHEEL_LIFT = 1; // up to 2 tonnes
const FLATBED = 2; // up to 3.5 tonnes
const HEAVY = 4; // up to 25 tonnes

let t: TestApp;
let db: Db;
let toyota: number;
let honda: number;
let ikeja: { stateId: number; cityId: number };
let lekki: { stateId: number; cityId: number };
let wuse: { stateId: number; cityId: number };
let abeokuta: { stateId: number; cityId: number };

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  toyota = await makeId(db, 'Toyota');
  honda = await makeId(db, 'Honda');
  ikeja = await placeIds(db, 'Lagos', 'Ikeja');
  lekki = await placeIds(db, 'Lagos', 'Lekki');
  wuse = await placeIds(db, 'Federal Capital Territory', 'Wuse');
  abeokuta = await placeIds(db, 'Ogun', 'Abeokuta');
});
afterAll(() => t?.close());

/** A seller whose store sells one part of `catId` for `make`, in `place`. */
async function shop(place: { stateId: number; cityId: number }, catId: number, make: number) {
  const seller = await t.signIn('Seller');
  const store = await createStore(db, { ownerUserId: seller.user.id, ...place });
  const product = await createProduct(db, {
    store,
    catId,
    price: 25000,
    stock: 4,
    fitments: [{ makeId: make, yearFrom: 2000, yearTo: 2025 }],
  });
  return { ...seller, store, product };
}

const partRequest = (over: Record<string, unknown> = {}) => ({
  kind: 'part',
  catId: BRAKE_PADS,
  makeId: toyota,
  year: 2012,
  ...ikeja,
  description: 'Front brake pads for my Corolla',
  urgency: 'week',
  ...over,
});

const incomingIds = async (cookie: string) =>
  ((await t.get('/api/requests/incoming', { cookie })).body.items as { id: number }[]).map(
    (i) => i.id,
  );

/** The live events published to a user while `fn` runs. */
async function eventsOf(userId: string, fn: () => Promise<unknown>) {
  const got: LiveEvent[] = [];
  const off = t.app.bus.subscribe(userChannel(userId), (e) => got.push(e));
  try {
    await fn();
  } finally {
    off();
  }
  return got;
}

describe(`broadcast requests (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a Lagos Toyota brake-pads request reaches the stores nearest first until five have it, all Nigeria later', async () => {
    const lagosPads = await shop(ikeja, BRAKE_PADS, toyota);
    const lekkiPads = await shop(lekki, BRAKE_PADS, toyota);
    const lagosTyres = await shop(ikeja, CAR_TYRES, toyota);
    const lagosHondaPads = await shop(ikeja, BRAKE_PADS, honda);
    const abujaTyres = await shop(wuse, CAR_TYRES, toyota);
    const abujaPads = await shop(wuse, BRAKE_PADS, toyota);
    const ogunPads = await shop(abeokuta, BRAKE_PADS, toyota);
    const buyer = await t.signIn('Buyer');

    let id = 0;
    const live = await eventsOf(lagosPads.user.id, async () => {
      const res = await t.post('/api/requests', partRequest(), { cookie: buyer.cookie });
      expect(res.status).toBe(201);
      expect(res.body.item).toMatchObject({
        kind: 'part',
        what: 'Brake Pads',
        vehicle: 'Toyota 2012',
        state: 'Lagos',
        city: 'Ikeja',
        status: 'open',
        offerCount: 0,
        // Ikeja's area has three, Lagos a fourth, Ogun (bordering) the fifth.
        reach: {
          reached: 5,
          ring: 3,
          providers: 'stores',
          where: 'Lagos and the states around it',
        },
      });
      expect(res.body.message).toMatch(/^Sent to 5 stores in Lagos and the states around it/);
      id = res.body.item.id;
      const hours = (Date.parse(res.body.item.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);
    });
    expect(live).toEqual([
      expect.objectContaining({ type: 'request.new', requestId: id, unread: 1 }),
    ]);

    // Stores that sell the category for any car, or any part for the make, may have it.
    for (const near of [lagosPads, lekkiPads, lagosTyres, lagosHondaPads, ogunPads])
      expect(await incomingIds(near.cookie)).toContain(id);
    for (const other of [abujaTyres, abujaPads]) {
      expect(await incomingIds(other.cookie)).not.toContain(id);
      // A provider it did not reach cannot open it either.
      expect((await t.get(`/api/requests/${id}`, { cookie: other.cookie })).status).toBe(404);
    }
    // The requester's own store never receives the request.
    const d = await t.get(`/api/requests/${id}`, { cookie: lagosPads.cookie });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ mine: false, offers: [], myOffer: null, contact: null });

    // Half an hour later without offers: one ring farther (all Nigeria).
    await runDueJobs(t.app, { until: new Date(Date.now() + WIDEN_AFTER_MS + 60_000) });
    expect(await incomingIds(abujaPads.cookie)).toContain(id);
    expect(await incomingIds(abujaTyres.cookie)).toContain(id);
    const after = await t.get(`/api/requests/${id}`, { cookie: buyer.cookie });
    expect(after.body.item.reach).toMatchObject({ reached: 7, ring: 4, canWiden: false });
  });

  it('a part few in the state sell goes to the nearby states at once', async () => {
    // Honda tyres: no Lagos store of these tests sells them.
    const ogunPads = await shop(abeokuta, CAR_TYRES, honda);
    const buyer = await t.signIn('Buyer');
    const res = await t.post('/api/requests', partRequest({ makeId: honda, catId: CAR_TYRES }), {
      cookie: buyer.cookie,
    });
    expect(await incomingIds(ogunPads.cookie)).toContain(res.body.item.id);
  });

  it('a mechanic job reaches the workshops with the speciality and the vehicle type, nearest first', async () => {
    const yes = await listing(t, 'mechanic', ikeja, {
      specialities: [BRAKES],
      vehicleTypes: [SALOON],
    });
    const otherJob = await listing(t, 'mechanic', ikeja, {
      specialities: [ENGINE],
      vehicleTypes: [SALOON],
    });
    const trucksOnly = await listing(t, 'mechanic', ikeja, {
      specialities: [BRAKES],
      vehicleTypes: [TRUCK],
    });
    const otherCity = await listing(t, 'mechanic', lekki, {
      specialities: [BRAKES],
      vehicleTypes: [SALOON],
    });
    const buyer = await t.signIn('Buyer');
    const res = await t.post(
      '/api/requests',
      {
        kind: 'mechanic',
        specialityId: BRAKES,
        vehicleTypeId: SALOON,
        makeId: toyota,
        ...ikeja,
        description: 'Brakes squeal, please check and fix',
        urgency: 'today',
      },
      { cookie: buyer.cookie },
    );
    expect(res.status).toBe(201);
    expect(res.body.item).toMatchObject({ what: 'Brakes', vehicle: 'Toyota' });
    // Fewer than five in Ikeja: Lekki too, and the bordering states (none there); not farther.
    expect(res.body.item.reach).toMatchObject({ reached: 2, ring: 3, providers: 'workshops' });
    const id = res.body.item.id;
    expect(await incomingIds(yes.cookie)).toContain(id);
    expect(await incomingIds(otherCity.cookie)).toContain(id);
    for (const p of [otherJob, trucksOnly]) expect(await incomingIds(p.cookie)).not.toContain(id);
  });

  it('a tow reaches the vans open today with enough capacity, nearest first', async () => {
    const today = lagosDay();
    const big = await listing(t, 'towvan', lekki, { capacities: [HEAVY] });
    const flatbed = await listing(t, 'towvan', ikeja, { capacities: [FLATBED] });
    const tooSmall = await listing(t, 'towvan', ikeja, { capacities: [WHEEL_LIFT] });
    const closedToday = await listing(t, 'towvan', ikeja, {
      capacities: [FLATBED],
      days: 0b1111111 & ~(1 << today),
    });
    const otherState = await listing(t, 'towvan', abeokuta, { capacities: [HEAVY] });
    const buyer = await t.signIn('Buyer');
    const res = await t.post(
      '/api/requests',
      {
        kind: 'tow',
        vehicleTypeId: SALOON,
        towCapacityId: FLATBED,
        ...ikeja,
        street: 'Allen Avenue by the roundabout',
        lat: 6.6,
        lng: 3.35,
        description: 'Car will not start, tow to Lekki',
        urgency: 'today',
      },
      { cookie: buyer.cookie },
    );
    expect(res.status).toBe(201);
    const id = res.body.item.id;
    expect(res.body.item.reach).toMatchObject({ reached: 3, ring: 3, providers: 'tow vans' });
    for (const p of [big, flatbed, otherState]) expect(await incomingIds(p.cookie)).toContain(id);
    for (const p of [tooSmall, closedToday]) expect(await incomingIds(p.cookie)).not.toContain(id);

    // A tow offer needs an arrival time.
    const noEta = await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 3_000_000 },
      { cookie: flatbed.cookie },
    );
    expect(noEta.status).toBe(400);
    expect(noEta.body.message).toMatch(/minutes/);
    const ok = await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 3_000_000, arrivalMinutes: 40, note: 'Flatbed, 2 men' },
      { cookie: flatbed.cookie },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.item).toMatchObject({ arrivalMinutes: 40, phone: null, status: 'pending' });

    // Accepting a service offer makes a job: both phone numbers are revealed.
    const acc = await t.post(`/api/requests/${id}/offers/${ok.body.item.id}/accept`, undefined, {
      cookie: buyer.cookie,
    });
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ inCart: false, item: { phone: '08039998877' } });
    const theirs = await t.get(`/api/requests/${id}`, { cookie: flatbed.cookie });
    expect(theirs.body.contact).toEqual({ name: buyer.user.name, phone: buyer.user.phone });
    const mine = await t.get(`/api/requests/${id}`, { cookie: buyer.cookie });
    expect(mine.body.contact).toEqual({
      name: flatbed.sp.companyName,
      phone: '08039998877',
    });
  });

  it('offers arrive live, the requester accepts one: a cart line at the offered price; the others are told', async () => {
    const a = await shop(ikeja, BRAKE_PADS, toyota);
    const b = await shop(ikeja, BRAKE_PADS, toyota);
    const c = await shop(ikeja, BRAKE_PADS, toyota);
    const buyer = await t.signIn('Buyer');
    const other = await t.signIn('Buyer');
    const id = (await t.post('/api/requests', partRequest(), { cookie: buyer.cookie })).body.item
      .id;

    const live = await eventsOf(buyer.user.id, async () => {
      const res = await t.post(
        `/api/requests/${id}/offers`,
        { priceKobo: 1_850_000, productId: a.product.prodId, note: 'Genuine, 3 months warranty' },
        { cookie: a.cookie },
      );
      expect(res.status).toBe(201);
    });
    expect(live).toEqual([
      expect.objectContaining({
        type: 'offer.new',
        requestId: id,
        unread: 1,
        offer: expect.objectContaining({ priceKobo: 1_850_000, providerName: a.store.name }),
      }),
    ]);
    // A product of another store is refused; a free description is fine.
    const wrong = await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 1_000_000, productId: a.product.prodId },
      { cookie: b.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(
      (
        await t.post(
          `/api/requests/${id}/offers`,
          { priceKobo: 1_700_000, partDescription: 'Tokunbo Toyota pads, like new' },
          { cookie: b.cookie },
        )
      ).status,
    ).toBe(201);
    const cOffer = await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 2_000_000, productId: c.product.prodId },
      { cookie: c.cookie },
    );
    // One offer per provider.
    expect(
      (
        await t.post(
          `/api/requests/${id}/offers`,
          { priceKobo: 1_900_000, productId: c.product.prodId },
          { cookie: c.cookie },
        )
      ).status,
    ).toBe(409);

    const mine = await t.get(`/api/requests/${id}`, { cookie: buyer.cookie });
    expect(mine.body.mine).toBe(true);
    expect(mine.body.offers.map((o: any) => o.priceKobo)).toEqual([
      1_700_000, 1_850_000, 2_000_000,
    ]);
    expect(mine.body.offers.every((o: any) => o.phone === null)).toBe(true);
    // A provider sees their own offer, never the others'.
    const seen = await t.get(`/api/requests/${id}`, { cookie: b.cookie });
    expect(seen.body.offers).toEqual([]);
    expect(seen.body.myOffer.priceKobo).toBe(1_700_000);

    const aOfferId = mine.body.offers.find((o: any) => o.providerName === a.store.name).id;
    // Nobody but the requester can accept: a provider it reached, another buyer.
    for (const who of [a, other]) {
      const res = await t.post(`/api/requests/${id}/offers/${aOfferId}/accept`, undefined, {
        cookie: who.cookie,
      });
      expect(res.status).toBe(404);
    }

    const told = await eventsOf(c.user.id, async () => {
      const acc = await t.post(`/api/requests/${id}/offers/${aOfferId}/accept`, undefined, {
        cookie: buyer.cookie,
      });
      expect(acc.status).toBe(200);
      expect(acc.body).toMatchObject({ inCart: true, item: { status: 'accepted' } });
    });
    expect(told).toEqual([expect.objectContaining({ type: 'request.taken', requestId: id })]);
    const notes = await t.get('/api/notifications', { cookie: c.cookie });
    expect(notes.body.items[0].title).toMatch(/Thank you for your offer .* chose another one/);

    const cart = await t.get('/api/cart', { cookie: buyer.cookie });
    expect(cart.body.items).toEqual([
      expect.objectContaining({
        productId: a.product.prodId,
        quantity: 1,
        unitPriceKobo: 1_850_000,
        priceChangedFromKobo: null,
      }),
    ]);
    // Taken: a second acceptance and new offers are refused.
    const again = await t.post(
      `/api/requests/${id}/offers/${cOffer.body.item.id}/accept`,
      undefined,
      { cookie: buyer.cookie },
    );
    expect(again.status).toBe(409);
    expect((await t.get(`/api/requests/${id}`, { cookie: buyer.cookie })).body.item.status).toBe(
      'taken',
    );
    expect(await incomingIds(b.cookie)).not.toContain(id);
  });

  it('exactly one of many simultaneous accepts wins', async () => {
    const sellers = await Promise.all(
      Array.from({ length: 8 }, () => shop(ikeja, BRAKE_PADS, toyota)),
    );
    const buyer = await t.signIn('Buyer');
    const id = (await t.post('/api/requests', partRequest(), { cookie: buyer.cookie })).body.item
      .id;
    const offerIds: number[] = [];
    for (const [i, sl] of sellers.entries()) {
      const res = await t.post(
        `/api/requests/${id}/offers`,
        { priceKobo: 1_000_000 + i * 1000, productId: sl.product.prodId },
        { cookie: sl.cookie },
      );
      expect(res.status).toBe(201);
      offerIds.push(res.body.item.id);
    }
    const answers = await Promise.all(
      [...offerIds, ...offerIds].map((o) =>
        t.post(`/api/requests/${id}/offers/${o}/accept`, undefined, { cookie: buyer.cookie }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(answers.length - 1);
    const [n] = await rows<{ accepted: number; lines: number }>(
      db,
      sql`select (select count(*)::int from request_offers where request_id = ${id} and status = 'accepted') as accepted,
                 (select count(*)::int from cart_items where user_id = ${buyer.user.id}) as lines`,
    );
    expect(n).toEqual({ accepted: 1, lines: 1 });
  });

  it('refuses bad input with a clear 400 and stores nothing; guests get 401', async () => {
    const buyer = await t.signIn('Buyer');
    const bad: [Record<string, unknown>, RegExp][] = [
      [partRequest({ catId: null }), /part category/],
      [partRequest({ makeId: null }), /car make/],
      [partRequest({ catId: 999999 }), /No part category/],
      [partRequest({ ...wuse, stateId: ikeja.stateId }), /No city/],
      [partRequest({ description: 'x'.repeat(1001) }), /description/],
      [partRequest({ urgency: 'yesterday' }), /urgency/],
      [partRequest({ lat: 6.5 }), /lat and lng/],
      [partRequest({ vin: 'NOT-A-VIN' }), /VIN/],
      [{ kind: 'tow', ...ikeja, description: 'Tow me please', urgency: 'today' }, /vehicle type/],
    ];
    for (const [body, msg] of bad) {
      const res = await t.post('/api/requests', body, { cookie: buyer.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(msg);
    }
    expect((await t.get('/api/requests', { cookie: buyer.cookie })).body.items).toEqual([]);
    expect((await t.post('/api/requests', partRequest())).status).toBe(401);
    // The form's choices: sub-categories under their parent's name, makes, states …
    const o = await t.get('/api/requests/options');
    expect(o.body.categories).toContainEqual({ label: 'Brakes: Brake Pads', value: BRAKE_PADS });
    expect(o.body.makes).toContainEqual({ label: 'Toyota', value: toyota });
    expect(o.body.states).toHaveLength(37);
    expect((await t.get('/api/requests/incoming')).status).toBe(401);
  });

  it('a saved car fills the vehicle; the owner can close a request, which then takes no offers', async () => {
    const pads = await shop(ikeja, BRAKE_PADS, toyota);
    const buyer = await t.signIn('Buyer');
    const car = await t.post(
      '/api/garage',
      { makeId: toyota, year: 2015 },
      { cookie: buyer.cookie },
    );
    const res = await t.post(
      '/api/requests',
      partRequest({ makeId: null, year: null, garageCarId: car.body.items[0].id }),
      { cookie: buyer.cookie },
    );
    expect(res.status).toBe(201);
    expect(res.body.item).toMatchObject({ makeId: toyota, year: 2015 });
    const id = res.body.item.id;
    // Someone else's car or request: refused, nothing changes.
    const stranger = await t.signIn('Buyer');
    expect(
      (
        await t.post('/api/requests', partRequest({ garageCarId: car.body.items[0].id }), {
          cookie: stranger.cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.post(`/api/requests/${id}/close`, undefined, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect(
      (await t.post(`/api/requests/${id}/close`, undefined, { cookie: pads.cookie })).status,
    ).toBe(404);
    const closed = await t.post(`/api/requests/${id}/close`, undefined, { cookie: buyer.cookie });
    expect(closed.status).toBe(200);
    expect(closed.body.item.status).toBe('closed');
    const late = await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 500_000, productId: pads.product.prodId },
      { cookie: pads.cookie },
    );
    expect(late.status).toBe(409);
    expect(await incomingIds(pads.cookie)).not.toContain(id);
  });

  it('limits requests per day, and the bell counts and clears unread notifications', async () => {
    const pads = await shop(ikeja, BRAKE_PADS, toyota);
    const buyer = await t.signIn('Buyer');
    for (let i = 0; i < 10; i++)
      expect((await t.post('/api/requests', partRequest(), { cookie: buyer.cookie })).status).toBe(
        201,
      );
    const over = await t.post('/api/requests', partRequest(), { cookie: buyer.cookie });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/up to 10 requests a day/);

    const bell = await t.get('/api/notifications', { cookie: pads.cookie });
    expect(bell.body.unread).toBe(10);
    expect(bell.body.items[0]).toMatchObject({ type: 'request.new', read: false });
    expect(bell.body.items[0].link).toMatch(/^\/broadcast\/\d+$/);
    expect(
      (await t.post('/api/notifications/read', undefined, { cookie: pads.cookie })).body,
    ).toEqual({
      status: true,
      unread: 0,
    });
    expect((await t.get('/api/notifications', { cookie: pads.cookie })).body.unread).toBe(0);

    // Each notification also went out by e-mail (queued), until the user turns that off.
    const mails = async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${pads.user.email}`,
        )
      )[0].n;
    expect(await mails()).toBe(10);
    const off = await t.post('/api/notifications/email', { on: false }, { cookie: pads.cookie });
    expect(off.body).toEqual({ status: true, email: false });
    expect((await t.get('/api/notifications', { cookie: pads.cookie })).body.email).toBe(false);
    const other = await t.signIn('Buyer');
    expect((await t.post('/api/requests', partRequest(), { cookie: other.cookie })).status).toBe(
      201,
    );
    expect((await t.get('/api/notifications', { cookie: pads.cookie })).body.unread).toBe(1);
    expect(await mails()).toBe(10);
  });
});
