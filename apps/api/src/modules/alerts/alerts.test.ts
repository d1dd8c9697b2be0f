import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { ALERT_NOTICES_PER_DAY, SAVED_SEARCHES_MAX } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { multipart } from '../../test/multipart.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createStore, makeId, modelId } from '../catalog/testing.ts';
import { csvOf, type CsvRecord } from '../product-import/testing.ts';
import { alertsMatcher } from './matching.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.app.db;
const HEADLAMPS = 1001;

async function place(state: string, city: string) {
  const [r] = await rows<{ state_id: number; city_id: number }>(
    db(),
    sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
        where s.name = ${state} and c.name = ${city}`,
  );
  return { stateId: r.state_id, cityId: r.city_id };
}

async function cars() {
  const toyota = await makeId(db(), 'Toyota');
  const honda = await makeId(db(), 'Honda');
  return {
    toyota,
    honda,
    corolla: await modelId(db(), 'Toyota', 'Corolla'),
    camry: await modelId(db(), 'Toyota', 'Camry'),
    civic: await modelId(db(), 'Honda', 'Civic'),
  };
}

/** A seller with a store (Lagos, Ikeja unless `where` says), on Premium (room for imports). */
async function seller(where?: { stateId: number; cityId: number }) {
  const s = await t.signIn('Seller');
  const store = await createStore(db(), { ownerUserId: s.user.id, ...where });
  await db().execute(sql`insert into subscriptions (user_id, plan_id, period_end)
      select ${s.user.id}, id, now() + interval '30 days' from subscription_plans
      where audience = 'store' and code = 'premium'`);
  return { ...s, store };
}

/** Lists a product through the seller's own form (the path a seller takes). */
async function list(cookie: string, over: Record<string, unknown>) {
  const r = await t.post(
    '/api/store/products',
    {
      name: 'Headlamp',
      title: '',
      description: 'Clean, tested.',
      catId: HEADLAMPS,
      condition: 1,
      priceKobo: 4_500_000,
      salesKobo: null,
      stock: 3,
      fitments: [],
      ...over,
    },
    { cookie },
  );
  expect(r.status, r.text).toBe(201);
  return r.body.item.id as number;
}

const notices = (userId: string) =>
  rows<{ type: string; title: string; link: string }>(
    db(),
    sql`select type, title, link from notifications where user_id = ${userId} order by id`,
  );
const matchedIds = async (alertId: string) =>
  (
    await rows<{ product_id: number }>(
      db(),
      sql`select product_id from alert_matches where alert_id = ${alertId} order by product_id`,
    )
  ).map((r) => Number(r.product_id));

describe(`saved searches and price alerts: saving (${dbLabel()})`, () => {
  it('is for signed-in users only', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.get('/api/alerts')).status).toBe(401);
    expect((await t.get(`/api/alerts/${id}`)).status).toBe(401);
    expect((await t.post('/api/alerts/searches', { prodName: 'headlamp' })).status).toBe(401);
    expect((await t.post('/api/alerts/prices', { productId: 1 })).status).toBe(401);
    expect((await t.patch(`/api/alerts/${id}`, { paused: true })).status).toBe(401);
    expect((await t.del(`/api/alerts/${id}`)).status).toBe(401);
  });

  it('saves a search with a label in words, refuses the same one twice, lists it', async () => {
    const { cookie } = await t.signIn('Buyer');
    const lagos = await place('Lagos', 'Ikeja');
    const saved = await t.post(
      '/api/alerts/searches',
      { prodName: '  headlamp   corolla 2010 ', regionId: lagos.stateId },
      { cookie },
    );
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.items[0]).toMatchObject({
      kind: 'search',
      label: 'headlamp corolla 2010 in Lagos',
      paused: false,
      matches: 0,
      filters: { prodName: 'headlamp corolla 2010', regionId: String(lagos.stateId) },
      link: `/spares-parts?prodName=headlamp+corolla+2010&regionId=${lagos.stateId}`,
      productId: null,
    });
    const again = await t.post(
      '/api/alerts/searches',
      { prodName: 'Headlamp Corolla 2010', regionId: lagos.stateId },
      { cookie },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already saved this search/);

    // A model names its make, a city its state; the label says them all.
    const c = await cars();
    const full = await t.post(
      '/api/alerts/searches',
      {
        partcategory: HEADLAMPS,
        carmodel: c.corolla,
        caryear: 2010,
        city: lagos.cityId,
        condition: 2,
      },
      { cookie },
    );
    expect(full.status, full.text).toBe(201);
    expect(full.body.items[0].label).toBe(
      'Headlamps for Toyota Corolla 2010, Used (Tokunbo) in Ikeja, Lagos',
    );
    expect(full.body.items[0].filters).toMatchObject({
      carmake: String(c.toyota),
      regionId: String(lagos.stateId),
    });
    const mine = await t.get('/api/alerts', { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(2);
    expect(mine.body.limits).toEqual({
      searches: SAVED_SEARCHES_MAX,
      prices: expect.any(Number),
      noticesPerDay: ALERT_NOTICES_PER_DAY,
    });
  });

  it('refuses bad input with 400 and a clear message, storing nothing', async () => {
    const { cookie } = await t.signIn('Buyer');
    const c = await cars();
    const lagos = await place('Lagos', 'Ikeja');
    const abuja = await place('Federal Capital Territory', 'Wuse');
    const bad: [unknown, RegExp][] = [
      [{}, /Say what to look for/],
      [{ regionId: lagos.stateId }, /a place alone/],
      [{ prodName: 'abc' }, /more than 3 characters/],
      [{ partcategory: 999999 }, /No category with id 999999/],
      [{ carmake: c.honda, carmodel: c.corolla }, /Honda has no model/],
      [{ prodName: 'headlamp', regionId: lagos.stateId, city: abuja.cityId }, /Lagos has no city/],
      [{ prodName: 'headlamp', caryear: 1900 }, /caryear/],
      [{ prodName: 'x'.repeat(101) }, /prodName/],
      [{ prodName: 'head\u0000lamp' }, /prodName/],
    ];
    for (const [body, msg] of bad) {
      const r = await t.post('/api/alerts/searches', body, { cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    expect((await t.get('/api/alerts', { cookie })).body.items).toEqual([]);
  });

  it("hides another user's alert: 404 to read, change or delete, absent from their list", async () => {
    const a = await t.signIn('Buyer');
    const b = await t.signIn('Buyer');
    const id = (await t.post('/api/alerts/searches', { prodName: 'alternator' }, a)).body.items[0]
      .id;
    expect((await t.get(`/api/alerts/${id}`, b)).status).toBe(404);
    expect((await t.patch(`/api/alerts/${id}`, { paused: true }, b)).status).toBe(404);
    expect((await t.del(`/api/alerts/${id}`, b)).status).toBe(404);
    expect((await t.get('/api/alerts', b)).body.items).toEqual([]);
    expect((await t.get(`/api/alerts/${id}`, a)).body.item.paused).toBe(false);
    expect((await t.get(`/api/alerts/not-a-uuid`, a)).status).toBe(400);
    // The owner pauses, resumes and deletes it.
    expect((await t.patch(`/api/alerts/${id}`, { paused: true }, a)).body.items[0].paused).toBe(
      true,
    );
    expect((await t.patch(`/api/alerts/${id}`, { paused: false }, a)).body.items[0].paused).toBe(
      false,
    );
    expect((await t.patch(`/api/alerts/${id}`, {}, a)).status).toBe(400);
    expect((await t.del(`/api/alerts/${id}`, a)).status).toBe(200);
    expect((await t.del(`/api/alerts/${id}`, a)).status).toBe(404);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} saved searches`, async () => {
    const { cookie } = await t.signIn('Buyer');
    for (let y = 0; y < SAVED_SEARCHES_MAX; y++)
      expect(
        (
          await t.post(
            '/api/alerts/searches',
            { prodName: 'brake pads', caryear: 1990 + y },
            { cookie },
          )
        ).status,
      ).toBe(201);
    const full = await t.post(
      '/api/alerts/searches',
      { prodName: 'brake pads', caryear: 2020 },
      { cookie },
    );
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({
      code: 'ALERTS_FULL',
      message: expect.stringMatching(/up to 20 saved searches/),
    });
    // Price alerts have their own room.
    const s = await seller();
    const p = await list(s.cookie, { name: 'Side mirror' });
    expect((await t.post('/api/alerts/prices', { productId: p }, { cookie })).status).toBe(201);
  });
});

describe(`saved searches under concurrency (${dbLabel()})`, () => {
  const N = 200;
  it(`keeps at most ${SAVED_SEARCHES_MAX} saved searches when ${N} saves arrive at once`, async () => {
    const { user, cookie } = await t.signIn('Buyer');
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          '/api/alerts/searches',
          { prodName: `brake pads ${i % 100}`, caryear: 1990 + (i % 2) },
          { cookie },
        ),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    expect(res.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from alerts where user_id = ${user.id}`,
    );
    expect(n.n).toBe(SAVED_SEARCHES_MAX);
  }, 120_000);

  it('the same search sent 50 times at once is saved once', async () => {
    const { user, cookie } = await t.signIn('Buyer');
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post('/api/alerts/searches', { prodName: 'radiator hose' }, { cookie }),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(1);
    expect(res.filter((r) => r.status === 409)).toHaveLength(49);
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from alerts where user_id = ${user.id}`,
    );
    expect(n.n).toBe(1);
  }, 60_000);
});

describe(`matching a saved search (${dbLabel()})`, () => {
  it('matches words, fitment (make, model, year) and place; never the own store; only parts listed after saving', async () => {
    const c = await cars();
    const lagos = await place('Lagos', 'Ikeja');
    const abuja = await place('Federal Capital Territory', 'Wuse');
    const ikejaSeller = await seller();
    const abujaSeller = await seller(abuja);
    const before = await list(ikejaSeller.cookie, {
      name: 'Corolla headlamp, listed before',
      fitments: [{ makeId: c.toyota, modelId: c.corolla, yearFrom: 2008, yearTo: 2013 }],
    });
    await runDueJobs(t.app);

    // A buyer, and a seller who also buys (their own store's parts never reach them).
    const buyer = await t.signIn('Buyer');
    const search = (
      await t.post(
        '/api/alerts/searches',
        { prodName: 'headlamp corolla 2010', regionId: lagos.stateId },
        buyer,
      )
    ).body.items[0];
    const own = (
      await t.post(
        '/api/alerts/searches',
        { prodName: 'headlamp corolla 2010', regionId: lagos.stateId },
        ikejaSeller,
      )
    ).body.items[0];

    const corolla = [{ makeId: c.toyota, modelId: c.corolla, yearFrom: 2008, yearTo: 2013 }];
    const fits = await list(ikejaSeller.cookie, { name: 'Headlamp right side', fitments: corolla });
    const allToyota = await list(ikejaSeller.cookie, {
      name: 'Headlamp assembly',
      fitments: [{ makeId: c.toyota, modelId: null, yearFrom: 2005, yearTo: 2015 }],
    });
    // Named in its words, without fitment: still found by its words, as the list finds it.
    const byWords = await list(ikejaSeller.cookie, { name: 'Toyota Corolla 2010 headlamp' });
    const civic = await list(ikejaSeller.cookie, {
      name: 'Headlamp left',
      fitments: [{ makeId: c.honda, modelId: c.civic, yearFrom: 2008, yearTo: 2013 }],
    });
    const newer = await list(ikejaSeller.cookie, {
      name: 'Headlamp LED',
      fitments: [{ makeId: c.toyota, modelId: c.corolla, yearFrom: 2014, yearTo: 2018 }],
    });
    const camry = await list(ikejaSeller.cookie, {
      name: 'Headlamp Camry',
      fitments: [{ makeId: c.toyota, modelId: c.camry, yearFrom: 2008, yearTo: 2013 }],
    });
    const pads = await list(ikejaSeller.cookie, {
      name: 'Brake pads front',
      catId: 601,
      fitments: corolla,
    });
    const inAbuja = await list(abujaSeller.cookie, { name: 'Headlamp Abuja', fitments: corolla });
    const hidden = await list(ikejaSeller.cookie, {
      name: 'Headlamp spare, hidden',
      fitments: corolla,
      active: false,
    });
    // The product listed before the search is edited: it is not new, so it is not told.
    expect(
      (await t.patch(`/api/store/products/${before}`, { priceKobo: 4_000_000 }, ikejaSeller))
        .status,
    ).toBe(200);
    await runDueJobs(t.app);

    expect(await matchedIds(search.id)).toEqual([fits, allToyota, byWords].sort((a, b) => a - b));
    for (const id of [civic, newer, camry, pads, inAbuja, hidden, before])
      expect(await matchedIds(search.id)).not.toContain(id);
    expect(await matchedIds(own.id)).toEqual([]);
    expect(await notices(ikejaSeller.user.id)).toEqual([]);

    // One notice per product (each was its own write), naming the search and the part.
    const told = await notices(buyer.user.id);
    expect(told).toHaveLength(3);
    expect(told).toContainEqual({
      type: 'alert.search',
      title: 'New part for “headlamp corolla 2010 in Lagos”: Headlamp right side, ₦45,000',
      link: `/product/${fits}`,
    });
    expect(told.map((n) => n.link).sort()).toEqual(
      [fits, allToyota, byWords].map((id) => `/product/${id}`).sort(),
    );
    // Its e-mail copy went with it (the channels of notifications.record).
    const [mail] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'mail.send'
          and payload->>'to' = ${buyer.user.email}`,
    );
    expect(mail.n).toBe(3);

    // Put back on sale, the hidden one matches then, once.
    await t.patch(`/api/store/products/${hidden}`, { active: true }, ikejaSeller);
    await t.patch(`/api/store/products/${hidden}`, { priceKobo: 4_400_000 }, ikejaSeller);
    await t.patch(`/api/store/products/${hidden}`, { name: 'Headlamp spare' }, ikejaSeller);
    await runDueJobs(t.app);
    expect(await matchedIds(search.id)).toContain(hidden);
    expect(await notices(buyer.user.id)).toHaveLength(4);

    // The alert's page lists what it found, newest first.
    const page = await t.get(`/api/alerts/${search.id}`, buyer);
    expect(page.status).toBe(200);
    expect(page.body.item.matches).toBe(4);
    // The one matched last first; the three matched by one run of the queue in any order.
    const shown = page.body.items.map((p: { id: number }) => p.id);
    expect(shown[0]).toBe(hidden);
    expect(shown.slice(1).sort()).toEqual([fits, allToyota, byWords].sort());
  }, 120_000);

  it('a category, condition and city search; a paused one matches nothing until resumed', async () => {
    const lekki = await place('Lagos', 'Lekki');
    const lekkiSeller = await seller(lekki);
    const ikejaSeller = await seller();
    const buyer = await t.signIn('Buyer');
    const s = (
      await t.post(
        '/api/alerts/searches',
        { partcategory: 10, condition: 2, city: lekki.cityId },
        buyer,
      )
    ).body.items[0];
    expect(s.label).toBe('Lighting, Used (Tokunbo) in Lekki, Lagos');
    const used = await list(lekkiSeller.cookie, { name: 'Tail lamp', catId: 1003, condition: 2 });
    const brandNew = await list(lekkiSeller.cookie, { name: 'Fog lamp', condition: 1 });
    const ikeja = await list(ikejaSeller.cookie, { name: 'Fog lamp used', condition: 2 });
    await runDueJobs(t.app);
    expect(await matchedIds(s.id)).toEqual([used]);
    expect(brandNew && ikeja).toBeTruthy();

    await t.patch(`/api/alerts/${s.id}`, { paused: true }, buyer);
    const whilePaused = await list(lekkiSeller.cookie, { name: 'Headlamp used', condition: 2 });
    await runDueJobs(t.app);
    expect(await matchedIds(s.id)).toEqual([used]);
    await t.patch(`/api/alerts/${s.id}`, { paused: false }, buyer);
    const after = await list(lekkiSeller.cookie, {
      name: 'Indicator used',
      catId: 1003,
      condition: 2,
    });
    await runDueJobs(t.app);
    expect(await matchedIds(s.id)).toEqual([used, after]);
    expect(whilePaused).toBeGreaterThan(0);
  }, 60_000);
});

describe(`price alerts (${dbLabel()})`, () => {
  it('fires when the price drops below the saved price, once per drop; never for a rise or a repeat', async () => {
    const s = await seller();
    const buyer = await t.signIn('Buyer');
    const p = await list(s.cookie, { name: 'Radiator Corolla', catId: 601, priceKobo: 2_000_000 });
    const r = await t.post('/api/alerts/prices', { productId: p }, buyer);
    expect(r.status, r.text).toBe(201);
    const alert = r.body.items[0];
    expect(alert).toMatchObject({
      kind: 'price',
      label: 'Radiator Corolla',
      savedPriceKobo: 2_000_000,
      targetKobo: null,
      currentPriceKobo: 2_000_000,
      link: `/product/${p}`,
    });
    const price = async (priceKobo: number, salesKobo: number | null = null) => {
      expect((await t.patch(`/api/store/products/${p}`, { priceKobo, salesKobo }, s)).status).toBe(
        200,
      );
      await runDueJobs(t.app);
      return (await notices(buyer.user.id)).map((n) => n.title);
    };
    expect(await price(2_100_000)).toEqual([]);
    expect(await price(1_800_000)).toEqual([
      'Cheaper now: Radiator Corolla is ₦18,000 (was ₦20,000 when you saved it)',
    ]);
    // Written again at the same price (a stock change): no second notice.
    await t.patch(`/api/store/products/${p}`, { stock: 9 }, s);
    expect(await price(1_800_000)).toHaveLength(1);
    // Lower still: a new drop.
    expect(await price(1_700_000)).toHaveLength(2);
    // Back up, then down again below the saved price: a new drop once more.
    expect(await price(2_200_000)).toHaveLength(2);
    expect(await price(1_900_000)).toHaveLength(3);
    // A sale price counts as the price a buyer pays.
    expect((await price(1_900_000, 1_500_000)).at(-1)).toMatch(/is ₦15,000/);
    const told = await notices(buyer.user.id);
    expect(told.every((n) => n.type === 'alert.price' && n.link === `/product/${p}`)).toBe(true);
    expect((await t.get('/api/alerts', buyer)).body.items[0]).toMatchObject({
      currentPriceKobo: 1_500_000,
      matches: 1,
    });
  }, 60_000);

  it('with a target price, only below the target; two jobs at once tell one drop once', async () => {
    const s = await seller();
    const buyer = await t.signIn('Buyer');
    const p = await list(s.cookie, { name: 'Alternator', catId: 601, priceKobo: 2_000_000 });
    const tooHigh = await t.post(
      '/api/alerts/prices',
      { productId: p, targetKobo: 2_000_000 },
      buyer,
    );
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toMatch(/below today's price \(₦20,000\)/);
    const a = (await t.post('/api/alerts/prices', { productId: p, targetKobo: 1_500_000 }, buyer))
      .body.items[0];
    expect(a.targetKobo).toBe(1_500_000);
    expect((await t.post('/api/alerts/prices', { productId: p }, buyer)).status).toBe(409);
    await t.patch(`/api/store/products/${p}`, { priceKobo: 1_600_000 }, s);
    await runDueJobs(t.app);
    expect(await notices(buyer.user.id)).toEqual([]);
    // The drop below target, matched by two jobs at once: told once.
    await db().execute(sql`update products set price_kobo = 1450000 where prod_id = ${p}`);
    const m = alertsMatcher(t.app);
    await Promise.all([m.run([p]), m.run([p]), m.run([p])]);
    await runDueJobs(t.app);
    expect((await notices(buyer.user.id)).map((n) => n.title)).toEqual([
      'Cheaper now: Alternator is ₦14,500 (was ₦20,000 when you saved it)',
    ]);
    // A new target re-arms it; a target at or above the saved price is refused.
    expect((await t.patch(`/api/alerts/${a.id}`, { targetKobo: 2_000_000 }, buyer)).status).toBe(
      400,
    );
    expect(
      (await t.patch(`/api/alerts/${a.id}`, { targetKobo: 1_400_000 }, buyer)).body.items[0]
        .targetKobo,
    ).toBe(1_400_000);
  }, 60_000);

  it("refuses an unknown or hidden part (404) and the user's own store's part (400)", async () => {
    const s = await seller();
    const mine = await list(s.cookie, { name: 'My own part' });
    const hidden = await list(s.cookie, { name: 'Hidden part', active: false });
    const buyer = await t.signIn('Buyer');
    expect((await t.post('/api/alerts/prices', { productId: 99999999 }, buyer)).status).toBe(404);
    expect((await t.post('/api/alerts/prices', { productId: hidden }, buyer)).status).toBe(404);
    const own = await t.post('/api/alerts/prices', { productId: mine }, s);
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/your own store/);
    expect((await t.post('/api/alerts/prices', { productId: 'x' }, buyer)).status).toBe(400);
    expect(
      (await t.post('/api/alerts/prices', { productId: mine, targetKobo: -5 }, buyer)).status,
    ).toBe(400);
  });
});

/** Uploads a CSV as the import page does and runs its jobs (the import, then the alerts). */
async function importCsv(cookie: string, records: CsvRecord[]) {
  const m = multipart([
    { field: 'file', filename: 'parts.csv', data: Buffer.from(csvOf(records)), type: 'text/csv' },
  ]);
  const r = await t.call('POST', '/api/store/imports', {
    cookie,
    body: m.payload,
    headers: m.headers,
  });
  expect(r.status, r.text).toBe(202);
  await runDueJobs(t.app);
}

const padsRows = (n: number, prefix: string): CsvRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    sku: `${prefix}-${i}`,
    name: `Front brake pads ${prefix} ${i}`,
    category: 'brakes/brake-pads',
    condition: 'New',
    price: 15000 + i,
    stock: 4,
    fitment: 'Toyota Corolla 2008-2013',
  }));

describe(`grouping and the daily cap (${dbLabel()})`, () => {
  it('a 1,000-row CSV import is one notice per matching search, not one per part', async () => {
    const s = await seller();
    const buyer = await t.signIn('Buyer');
    const a = (await t.post('/api/alerts/searches', { prodName: 'brake pads corolla 2010' }, buyer))
      .body.items[0];
    const started = Date.now();
    await importCsv(s.cookie, padsRows(1000, 'BIG'));
    const ms = Date.now() - started;
    expect((await matchedIds(a.id)).length).toBe(1000);
    expect(await notices(buyer.user.id)).toEqual([
      {
        type: 'alert.search',
        title: '1,000 new parts match “brake pads corolla 2010”',
        link: `/user/alerts/${a.id}`,
      },
    ]);
    // The same file again (every row updated, none new): nothing more.
    await importCsv(s.cookie, padsRows(1000, 'BIG'));
    expect(await notices(buyer.user.id)).toHaveLength(1);
    console.info(`1,000-row import with its alerts job: ${ms} ms (${dbLabel()})`);
  }, 300_000);

  it(`at most ${ALERT_NOTICES_PER_DAY} alert notices a day; the rest sum up, then wait for the next day`, async () => {
    const s = await seller();
    const buyer = await t.signIn('Buyer');
    const lagos = await place('Lagos', 'Ikeja');
    // Twelve searches that all match the same parts.
    const ids: string[] = [];
    for (const y of [2008, 2009, 2010, 2011, 2012, 2013])
      for (const where of [{}, { regionId: lagos.stateId }])
        ids.push(
          (
            await t.post(
              '/api/alerts/searches',
              { prodName: 'brake pads', carmodel: (await cars()).corolla, caryear: y, ...where },
              buyer,
            )
          ).body.items[0].id,
        );
    await importCsv(s.cookie, padsRows(5, 'CAP'));
    const first = await notices(buyer.user.id);
    expect(first).toHaveLength(ALERT_NOTICES_PER_DAY);
    expect(first.slice(0, -1).every((n) => /^5 new parts match/.test(n.title))).toBe(true);
    expect(first.at(-1)).toEqual({
      type: 'alert.more',
      title: '3 more of your saved searches and alerts found parts: see them all',
      link: '/user/alerts',
    });
    // More parts the same day: matched, but no notice past the cap.
    await importCsv(s.cookie, padsRows(2, 'LATER'));
    expect(await notices(buyer.user.id)).toHaveLength(ALERT_NOTICES_PER_DAY);
    for (const id of ids) expect(await matchedIds(id)).toHaveLength(7);
    const m = alertsMatcher(t.app);
    expect(await m.deliverWaiting()).toBe(0);
    // The next Lagos day (the day's notices moved back 25 hours): the waiting matches go out.
    await db().execute(
      sql`update notifications set created_at = created_at - interval '25 hours' where user_id = ${buyer.user.id}`,
    );
    expect(await m.deliverWaiting()).toBe(ALERT_NOTICES_PER_DAY);
    const next = (await notices(buyer.user.id)).slice(ALERT_NOTICES_PER_DAY);
    expect(next.filter((n) => /^2 new parts match/.test(n.title))).toHaveLength(9);
    expect(next.at(-1)!.title).toBe(
      '3 more of your saved searches and alerts found parts: see them all',
    );
    expect(await m.deliverWaiting()).toBe(0);
  }, 120_000);
});
