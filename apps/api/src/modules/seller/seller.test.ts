import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId, modelId } from '../catalog/testing.ts';
import { buy, deliveryTo, placeIds } from '../checkout/testing.ts';
import { countProductView, flushProductViews, lagosDay, viewedProduct } from './views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.app.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(db(), q))[0];
const productRow = (id: number) =>
  one<{
    name: string;
    price_kobo: string | number;
    sales_kobo: string | number | null;
    stock: number;
    active: boolean;
    cat_id: number;
    search_terms: string;
    state_id: number;
    city_id: number;
  }>(sql`select * from products where prod_id = ${id}`);
const fitmentRows = async (id: number) =>
  rows<{ make_id: number; model_id: number | null; year_from: number; year_to: number }>(
    db(),
    sql`select make_id, model_id, year_from, year_to from product_fitments where product_id = ${id} order by id`,
  );

/** A seller with a store in Lagos (Ikeja). */
async function seller() {
  const s = await t.signIn('Seller');
  const store = await createStore(db(), { ownerUserId: s.user.id });
  return { ...s, store };
}

async function cars() {
  const toyota = await makeId(db(), 'Toyota');
  const honda = await makeId(db(), 'Honda');
  return {
    toyota,
    honda,
    camry: await modelId(db(), 'Toyota', 'Camry'),
    corolla: await modelId(db(), 'Toyota', 'Corolla'),
    civic: await modelId(db(), 'Honda', 'Civic'),
  };
}

const padsBody = async (over: Record<string, unknown> = {}) => {
  const c = await cars();
  return {
    name: 'Front brake pads Camry Corolla',
    title: 'Ceramic, low dust',
    description: 'Fits both.\nSold as a set of four.',
    catId: 601,
    condition: 1,
    priceKobo: 1_850_000,
    salesKobo: null,
    stock: 6,
    partNumber: '04465-33450',
    fitments: [
      { makeId: c.toyota, modelId: c.camry, yearFrom: 2007, yearTo: 2011 },
      { makeId: c.toyota, modelId: c.corolla, yearFrom: 2009, yearTo: 2013 },
    ],
    ...over,
  };
};

describe(`seller's store: access (${dbLabel()})`, () => {
  it('every route needs a signed-in store owner: 401 for guests, 403 for a buyer', async () => {
    const buyer = await t.signIn('Buyer');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/store/profile'],
      ['PATCH', '/api/store/profile', { name: 'Mine now' }],
      ['GET', '/api/store/dashboard'],
      ['GET', '/api/store/products'],
      ['POST', '/api/store/products', await padsBody()],
      ['GET', '/api/store/products/1'],
      ['PATCH', '/api/store/products/1', { stock: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const guest = await t.call(method as 'GET', url, { body });
      expect(guest.status, `${method} ${url}`).toBe(401);
      const b = await t.call(method as 'GET', url, { body, cookie: buyer.cookie });
      expect(b.status, `${method} ${url}`).toBe(403);
      expect(b.body.code).toBe('FORBIDDEN');
      expect(b.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe(`seller's store: category picker (${dbLabel()})`, () => {
  it('lists top categories with their kinds of part, for signed-in users', async () => {
    expect((await t.get('/api/store/categories')).status).toBe(401);
    const s = await seller();
    const r = await t.get('/api/store/categories', s);
    expect(r.status).toBe(200);
    const brakes = r.body.items.find((c: { name: string }) => c.name === 'Brakes');
    expect(brakes.children).toContainEqual({ id: 601, name: 'Brake Pads' });
    expect(r.body.items.length).toBeGreaterThan(30);
    expect(r.body.items.every((c: { children: unknown[] }) => c.children.length > 0)).toBe(true);
  });
});

describe(`seller's store: details (${dbLabel()})`, () => {
  it('a new seller opens a store: suggested name, place checked, one store per form sent twice', async () => {
    const s = await t.signIn('Seller', { businessName: 'Mama Nkechi Autos' });
    const first = await t.get('/api/store/profile', { cookie: s.cookie });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: true,
      store: null,
      suggestion: { name: 'Mama Nkechi Autos', urlName: 'mama-nkechi-autos' },
    });
    const lagos = await placeIds(db(), 'Lagos', 'Ikeja');
    const abuja = await placeIds(db(), 'Federal Capital Territory', 'Garki');
    const missing = await t.post('/api/store/profile', { name: 'Mama Nkechi Autos' }, s);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['cityId', 'phones', 'stateId']);
    const wrongCity = await t.post(
      '/api/store/profile',
      {
        name: 'Mama Nkechi Autos',
        stateId: lagos.stateId,
        cityId: abuja.cityId,
        phones: ['0803 111 2222'],
      },
      s,
    );
    expect(wrongCity.status).toBe(400);
    expect(wrongCity.body.fields).toEqual({ cityId: 'Choose a city in Lagos' });

    const body = {
      name: 'Mama Nkechi Autos',
      ...lagos,
      phones: ['0803 111 2222', ''],
      address: '5 Ladipo Street',
      deliveryFeeInStateKobo: 150_000,
      deliveryFeeOtherStatesKobo: 450_000,
    };
    const [a, b] = await Promise.all([
      t.post('/api/store/profile', body, s),
      t.post('/api/store/profile', body, s),
    ]);
    // Sent twice at once: one store. The second form either finds it (and saves the same
    // details) or meets the first one opening it (409).
    expect([a.status, b.status]).toContain(200);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const opened = a.status === 200 ? a.body : b.body;
    expect(opened.store).toMatchObject({
      name: 'Mama Nkechi Autos',
      urlName: 'mama-nkechi-autos',
      url: '/store/mama-nkechi-autos',
      phones: ['0803 111 2222'],
      state: 'Lagos',
      city: 'Ikeja',
      deliveryFeeInStateKobo: 150_000,
      deliveryFeeOtherStatesKobo: 450_000,
      verified: false,
    });
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from stores where owner_user_id = ${s.user.id}`,
        )
      ).n,
    ).toBe(1);
    // The public store page shows it.
    expect((await t.get('/api/stores/mama-nkechi-autos')).status).toBe(200);
  });

  it('changes name, URL name, phones, place and fees; the products move with the store', async () => {
    const s = await seller();
    const other = await seller();
    const p = await createProduct(db(), { store: s.store, name: 'Radiator hose' });
    const taken = await t.patch('/api/store/profile', { urlName: other.store.urlName }, s);
    expect(taken.status).toBe(409);
    expect(taken.body.fields.urlName).toContain('Another store already uses');
    for (const [body, field] of [
      [{ urlName: 'Not A Slug!' }, 'urlName'],
      [{ phones: ['12345'] }, 'phones'],
      [{ phones: [] }, 'phones'],
      [{ name: ' ' }, 'name'],
      [{ deliveryFeeInStateKobo: 100_000_001 }, 'deliveryFeeInStateKobo'],
    ] as const) {
      const r = await t.patch('/api/store/profile', body, s);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.fields), JSON.stringify(body)).toEqual([field]);
    }
    // A state without its city is refused: the old city is in another state.
    const fct = await placeIds(db(), 'Federal Capital Territory', 'Garki');
    const noCity = await t.patch('/api/store/profile', { stateId: fct.stateId }, s);
    expect(noCity.status).toBe(400);
    expect(noCity.body.fields.cityId).toBe('Choose a city in Federal Capital Territory');
    const before = await one<Record<string, unknown>>(
      sql`select * from stores where id = ${s.store.id}`,
    );
    expect(before.url_name).toBe(s.store.urlName);

    const r = await t.patch(
      '/api/store/profile',
      {
        name: '  Garki   Spare Parts ',
        urlName: 'garki-spare-parts',
        phones: ['0809 000 1122', '+2348031234567'],
        ...fct,
        address: 'Area 11',
        deliveryFeeInStateKobo: 0,
        deliveryFeeOtherStatesKobo: 800_000,
      },
      s,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Store details saved');
    expect(r.body.store).toMatchObject({
      name: 'Garki Spare Parts',
      urlName: 'garki-spare-parts',
      state: 'Federal Capital Territory',
      city: 'Garki',
      phones: ['0809 000 1122', '+2348031234567'],
      deliveryFeeOtherStatesKobo: 800_000,
    });
    const moved = await productRow(p.prodId);
    expect([moved.state_id, moved.city_id]).toEqual([fct.stateId, fct.cityId]);
    // The other store is untouched.
    const o = await one<{ name: string }>(
      sql`select name from stores where id = ${other.store.id}`,
    );
    expect(o.name).toBe(other.store.name);
    // Another owner's store by id: 403, nothing changed.
    const foreign = await t.patch(
      '/api/store/profile',
      { name: 'Taken over', storeId: other.store.id },
      s,
    );
    expect(foreign.status).toBe(403);
    expect(
      (await one<{ name: string }>(sql`select name from stores where id = ${other.store.id}`)).name,
    ).toBe(other.store.name);
  });
});

describe(`seller's store: products (${dbLabel()})`, () => {
  it('adds a product with two fitment rows: the public list finds it by either car and by words', async () => {
    const s = await seller();
    const c = await cars();
    const r = await t.post('/api/store/products', await padsBody(), s);
    expect(r.status).toBe(201);
    const item = r.body.item;
    expect(item).toMatchObject({
      name: 'Front brake pads Camry Corolla',
      storeId: s.store.id,
      catId: 601,
      condition: 1,
      priceKobo: 1_850_000,
      salesKobo: null,
      stock: 6,
      active: true,
      partNumber: '04465-33450',
      url: `/product/${item.id}`,
      views30d: 0,
    });
    expect(item.category.parent).not.toBeNull();
    expect(item.fitments).toEqual([
      {
        makeId: c.toyota,
        make: 'Toyota',
        modelId: c.camry,
        model: 'Camry',
        yearFrom: 2007,
        yearTo: 2011,
      },
      {
        makeId: c.toyota,
        make: 'Toyota',
        modelId: c.corolla,
        model: 'Corolla',
        yearFrom: 2009,
        yearTo: 2013,
      },
    ]);
    const row = await productRow(item.id);
    expect(row.search_terms).toContain('Toyota Camry');
    expect(row.search_terms).toContain('Toyota Corolla');

    const list = async (q: string) =>
      (await t.get(`/api/products/categories/0?${q}`)).body.items.map((x: { id: number }) => x.id);
    expect(await list(`carmake=${c.toyota}&carmodel=${c.corolla}&caryear=2010`)).toContain(item.id);
    expect(await list(`carmake=${c.toyota}&carmodel=${c.camry}&caryear=2008`)).toContain(item.id);
    expect(await list(`carmake=${c.toyota}&carmodel=${c.camry}&caryear=2015`)).not.toContain(
      item.id,
    );
    expect(await list(`carmake=${c.honda}&carmodel=${c.civic}`)).not.toContain(item.id);
    expect(await list('prodName=ceramic+pads')).toContain(item.id);
    expect((await t.get(`/api/products/${item.id}`)).body.item.fitment).toHaveLength(2);
  });

  it('refuses bad products with the field named, and writes nothing', async () => {
    const s = await seller();
    const c = await cars();
    const count = async () =>
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from products where store_id = ${s.store.id}`,
        )
      ).n;
    const cases: [Record<string, unknown>, string][] = [
      [{ salesKobo: 1_850_000 }, 'salesKobo'],
      [{ salesKobo: 2_000_000 }, 'salesKobo'],
      [{ priceKobo: 50 }, 'priceKobo'],
      [{ name: 'ab' }, 'name'],
      [{ catId: 6 }, 'catId'], // a top category: the kind of part is missing
      [{ catId: 999_999 }, 'catId'],
      [{ stock: 100_001 }, 'stock'],
      [{ stock: -1 }, 'stock'],
      [{ priceKobo: 1.5 }, 'priceKobo'],
      [{ condition: 3 }, 'condition'],
      [{ name: 'Pads\u0000' }, 'name'],
      [
        { fitments: [{ makeId: c.honda, modelId: c.camry, yearFrom: 2007, yearTo: 2011 }] },
        'fitments.0',
      ],
      [
        { fitments: [{ makeId: c.toyota, modelId: null, yearFrom: 2012, yearTo: 2008 }] },
        'fitments.0',
      ],
      [{ fitments: [{ makeId: c.toyota, yearFrom: 1969, yearTo: 2008 }] }, 'fitments.0.yearFrom'],
      [
        { fitments: [{ makeId: c.toyota, yearFrom: 2000, yearTo: new Date().getFullYear() + 2 }] },
        'fitments.0',
      ],
      [{ fitments: [{ makeId: 999_999, yearFrom: 2000, yearTo: 2001 }] }, 'fitments.0'],
      [
        {
          fitments: Array.from({ length: 31 }, () => ({
            makeId: c.toyota,
            yearFrom: 2000,
            yearTo: 2001,
          })),
        },
        'fitments',
      ],
    ];
    for (const [over, field] of cases) {
      const r = await t.post('/api/store/products', await padsBody(over), s);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(over)).toEqual([field]);
      expect(r.body.message.length).toBeGreaterThan(5);
    }
    const noName = await padsBody();
    delete (noName as Record<string, unknown>).name;
    expect((await t.post('/api/store/products', noName, s)).status).toBe(400);
    expect(await count()).toBe(0);
    // Duplicate fitment rows are kept once.
    const dup = await t.post(
      '/api/store/products',
      await padsBody({
        fitments: [
          { makeId: c.honda, modelId: null, yearFrom: 2005, yearTo: 2010 },
          { makeId: c.honda, modelId: null, yearFrom: 2005, yearTo: 2010 },
        ],
      }),
      s,
    );
    expect(dup.status).toBe(201);
    expect(dup.body.item.fitments).toHaveLength(1);
  });

  it('another seller can neither see nor change a product: 404 and nothing changes', async () => {
    const owner = await seller();
    const intruder = await seller();
    const c = await cars();
    const p = (await t.post('/api/store/products', await padsBody(), owner)).body.item;
    const before = await productRow(p.id);
    const fitBefore = await fitmentRows(p.id);
    expect((await t.get(`/api/store/products/${p.id}`, intruder)).status).toBe(404);
    for (const body of [
      { priceKobo: 100 },
      { stock: 0 },
      { active: false },
      { name: 'Mine now', catId: 602 },
      { fitments: [{ makeId: c.honda, modelId: null, yearFrom: 2000, yearTo: 2001 }] },
    ]) {
      const r = await t.patch(`/api/store/products/${p.id}`, body, intruder);
      expect(r.status, JSON.stringify(body)).toBe(404);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    // Through the intruder's list with the owner's store named: 403.
    const list = await t.get(`/api/store/products?storeId=${owner.store.id}`, intruder);
    expect(list.status).toBe(403);
    const dash = await t.get(`/api/store/dashboard?storeId=${owner.store.id}`, intruder);
    expect(dash.status).toBe(403);
    const add = await t.post(
      '/api/store/products',
      await padsBody({ storeId: owner.store.id }),
      intruder,
    );
    expect(add.status).toBe(403);
    expect(await productRow(p.id)).toEqual(before);
    expect(await fitmentRows(p.id)).toEqual(fitBefore);
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from products where store_id = ${owner.store.id}`,
        )
      ).n,
    ).toBe(1);
    // Missing ids: 404 too.
    expect((await t.get('/api/store/products/0', owner)).status).toBe(404);
    expect((await t.patch('/api/store/products/2147483647', { stock: 1 }, owner)).status).toBe(404);
  });

  it('edits every field, quick price and stock, hides and shows again', async () => {
    const s = await seller();
    const c = await cars();
    const p = (await t.post('/api/store/products', await padsBody(), s)).body.item;
    const full = await t.patch(
      `/api/store/products/${p.id}`,
      {
        name: 'Rear brake shoes Civic',
        title: '',
        description: 'Rear drum',
        catId: 602,
        condition: 2,
        priceKobo: 900_000,
        salesKobo: 750_000,
        stock: 2,
        partNumber: '',
        fitments: [{ makeId: c.honda, modelId: c.civic, yearFrom: 2006, yearTo: 2011 }],
      },
      s,
    );
    expect(full.status).toBe(200);
    expect(full.body.message).toBe('Rear brake shoes Civic is saved');
    expect(full.body.item).toMatchObject({
      name: 'Rear brake shoes Civic',
      catId: 602,
      condition: 2,
      priceKobo: 900_000,
      salesKobo: 750_000,
      stock: 2,
      partNumber: null,
      fitments: [{ make: 'Honda', model: 'Civic', yearFrom: 2006, yearTo: 2011 }],
    });
    const row = await productRow(p.id);
    expect(row.search_terms).toContain('Honda Civic');
    expect(row.search_terms).not.toContain('Camry');
    // Price below the sale price: refused, nothing written.
    const below = await t.patch(`/api/store/products/${p.id}`, { priceKobo: 700_000 }, s);
    expect(below.status).toBe(400);
    expect(Object.keys(below.body.fields)).toEqual(['salesKobo']);
    expect(Number((await productRow(p.id)).price_kobo)).toBe(900_000);
    // Quick edit: price, sale cleared, stock.
    const quick = await t.patch(
      `/api/store/products/${p.id}`,
      { priceKobo: 950_000, salesKobo: null, stock: 12 },
      s,
    );
    expect(quick.body.item).toMatchObject({ priceKobo: 950_000, salesKobo: null, stock: 12 });
    expect((await t.get(`/api/products/${p.id}`)).body.item.price).toEqual({
      price: 9500,
      sales: null,
    });
    // An empty change is refused.
    expect((await t.patch(`/api/store/products/${p.id}`, {}, s)).status).toBe(400);

    const off = await t.patch(`/api/store/products/${p.id}`, { active: false }, s);
    expect(off.body.message).toBe('Rear brake shoes Civic is hidden from buyers');
    expect((await t.get(`/api/products/${p.id}`)).status).toBe(404);
    const ids = (await t.get(`/api/stores/${s.store.urlName}/products`)).body.items.map(
      (x: { id: number }) => x.id,
    );
    expect(ids).not.toContain(p.id);
    // The seller still sees and edits it.
    expect((await t.get(`/api/store/products/${p.id}`, s)).body.item.active).toBe(false);
    const on = await t.patch(`/api/store/products/${p.id}`, { active: true }, s);
    expect(on.body.message).toBe('Rear brake shoes Civic is on sale again');
    expect((await t.get(`/api/products/${p.id}`)).status).toBe(200);
  });

  it('lists with search, filters, sorting and cursor pages that never overlap or skip', async () => {
    const s = await seller();
    const made: number[] = [];
    const specs: [string, number, number, boolean, string | null][] = [
      ['Alternator Corolla', 95_000, 0, true, 'ALT-100'],
      ['alternator belt', 8_000, 2, true, null],
      ['Brake disc', 22_000, 10, true, 'BD 22'],
      ['Clutch kit', 65_000, 3, false, null],
      ['Engine mount', 30_000, 7, true, null],
      ['Fuel pump', 41_000, 1, true, 'FP-9'],
      ['Gear knob', 3_000, 25, true, null],
    ];
    for (const [name, price, stock, active, partNumber] of specs)
      made.push(
        (
          await createProduct(db(), {
            store: s.store,
            name,
            price,
            stock,
            active,
            partNumber,
            catId: name.startsWith('Brake') ? 601 : 701,
          })
        ).prodId,
      );
    const names = async (q: string) => {
      const r = await t.get(`/api/store/products${q}`, s);
      expect(r.status, q).toBe(200);
      return r.body.items.map((x: { name: string }) => x.name);
    };
    expect(await names('')).toEqual(specs.map((x) => x[0]).reverse());
    expect(await names('?q=ALTERNATOR')).toEqual(['alternator belt', 'Alternator Corolla']);
    expect(await names('?q=bd22')).toEqual(['Brake disc']);
    expect(await names('?q=%25%25')).toEqual([]);
    // The store's own code finds its part too (whole or in part, any case), and is shown.
    await db().execute(sql`update products set sku = 'LDP-GK-0042' where prod_id = ${made[6]}`);
    expect(await names('?q=LDP-GK-0042')).toEqual(['Gear knob']);
    expect(await names('?q=gk-00')).toEqual(['Gear knob']);
    const knob = (await t.get('/api/store/products?q=gk-00', s)).body.items[0];
    expect(knob.sku).toBe('LDP-GK-0042');
    expect(await names('?status=inactive')).toEqual(['Clutch kit']);
    expect(await names('?stock=out')).toEqual(['Alternator Corolla']);
    expect(await names('?stock=low&sort=stock')).toEqual([
      'Fuel pump',
      'alternator belt',
      'Clutch kit',
    ]);
    expect(await names('?catId=601')).toEqual(['Brake disc']);
    const top = await one<{ parent_id: number }>(
      sql`select parent_id from categories where cat_id = 601`,
    );
    expect(await names(`?catId=${top.parent_id}`)).toEqual(['Brake disc']);
    expect(await names('?sort=price_asc')).toEqual([
      'Gear knob',
      'alternator belt',
      'Brake disc',
      'Engine mount',
      'Fuel pump',
      'Clutch kit',
      'Alternator Corolla',
    ]);
    expect((await names('?sort=name'))[0]).toBe('alternator belt');

    const first = await t.get('/api/store/products?pagesize=2&sort=price_desc', s);
    expect(first.body.counts).toEqual({
      total: 7,
      active: 6,
      inactive: 1,
      outOfStock: 1,
      lowStock: 2,
    });
    for (const sort of ['newest', 'oldest', 'name', 'price_asc', 'price_desc', 'stock']) {
      const seen: number[] = [];
      let lastId: string | null = null;
      for (let i = 0; i < 10; i++) {
        const r: { body: { items: { id: number }[]; lastId: string | null; hasMore: boolean } } =
          await t.get(
            `/api/store/products?pagesize=3&sort=${sort}${lastId ? `&lastId=${lastId}` : ''}`,
            s,
          );
        seen.push(...r.body.items.map((x) => x.id));
        lastId = r.body.lastId;
        if (!r.body.hasMore) break;
      }
      expect(seen.sort(), sort).toEqual([...made].sort());
    }
    for (const bad of ['x', 'W10', Buffer.from('[1,"a"]').toString('base64url'), 'a'.repeat(301)]) {
      const r = await t.get(`/api/store/products?lastId=${bad}`, s);
      expect(r.status, bad).toBe(400);
    }
    expect((await t.get('/api/store/products?sort=cheapest', s)).status).toBe(400);
    expect((await t.get('/api/store/products?pagesize=51', s)).status).toBe(400);
    expect((await t.get('/api/store/products?catId=999999', s)).status).toBe(404);
    // Empty form fields mean "not given".
    expect(await names('?q=&status=&stock=&catId=&sort=')).toHaveLength(7);
  });
});

describe(`seller's store: figures (${dbLabel()})`, () => {
  it('counts product page views, not prefetches, crawlers or other pages', () => {
    const h = (ua = 'Mozilla/5.0', extra: Record<string, string> = {}) => ({
      'user-agent': ua,
      ...extra,
    });
    expect(viewedProduct('GET', '/product/12', 200, h())).toBe(12);
    expect(viewedProduct('GET', '/item/12?x=1', 200, h())).toBe(12);
    expect(viewedProduct('GET', '/product/12.data', 200, h())).toBe(12);
    expect(
      viewedProduct('GET', '/product/12.data', 200, h('x', { 'sec-purpose': 'prefetch' })),
    ).toBeNull();
    expect(viewedProduct('GET', '/product/12', 404, h())).toBeNull();
    expect(viewedProduct('HEAD', '/product/12', 200, h())).toBeNull();
    expect(viewedProduct('POST', '/product/12', 200, h())).toBeNull();
    expect(viewedProduct('GET', '/product/12/x', 200, h())).toBeNull();
    expect(viewedProduct('GET', '/products/12', 200, h())).toBeNull();
    expect(viewedProduct('GET', '/product/12', 200, h('Googlebot/2.1'))).toBeNull();
    expect(viewedProduct('GET', '/product/12', 200, h('WhatsApp/2.23'))).toBeNull();
    expect(lagosDay(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(lagosDay(new Date('2026-03-01T22:59:00Z'))).toBe('2026-03-01');
  });

  it('views, orders, revenue and conversion per day; best sellers; low stock; the period before', async () => {
    const s = await seller();
    const a = await createProduct(db(), {
      store: s.store,
      name: 'Oil filter',
      price: 4000,
      stock: 20,
    });
    const b = await createProduct(db(), {
      store: s.store,
      name: 'Air filter',
      price: 6000,
      stock: 2,
    });
    await createProduct(db(), { store: s.store, name: 'Wiper blade', price: 2500, stock: 0 });
    await createProduct(db(), { store: s.store, name: 'Hidden', stock: 0, active: false });
    // Yesterday's views and today's, then an unknown product (dropped at the flush).
    const yesterday = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < 40; i++) countProductView(db(), a.prodId);
    for (let i = 0; i < 10; i++) countProductView(db(), b.prodId, yesterday);
    countProductView(db(), 2_000_000_000);
    // A view 40 days ago: in the 90-day figures only, and the period before the 30 days.
    countProductView(db(), b.prodId, new Date(Date.now() - 40 * 86_400_000));
    await flushProductViews(db());
    await flushProductViews(db());

    const buyer = await t.signIn('Buyer');
    const pod = { ...(await deliveryTo(db())), paymentMethod: 'pay_on_delivery' };
    const o1 = await buy(t.app, buyer.cookie, [{ productId: a.prodId, quantity: 2 }], pod);
    expect(o1.status, JSON.stringify(o1.body)).toBe(201);
    const o2 = await buy(
      t.app,
      buyer.cookie,
      [
        { productId: a.prodId, quantity: 1 },
        { productId: b.prodId, quantity: 1 },
      ],
      pod,
    );
    expect(o2.status).toBe(201);
    // A cancelled order does not count.
    const o3 = await buy(t.app, buyer.cookie, [{ productId: a.prodId, quantity: 1 }], pod);
    expect((await t.post(`/api/orders/${o3.body.orders[0].id}/cancel`, {}, buyer)).status).toBe(
      200,
    );
    const total1 = o1.body.orders[0].totalKobo as number;
    const total2 = o2.body.orders[0].totalKobo as number;

    const r = await t.get('/api/store/dashboard?days=7', s);
    expect(r.status).toBe(200);
    const d = r.body;
    const today = lagosDay();
    expect(d).toMatchObject({ storeId: s.store.id, days: 7, to: today, lowStockAt: 3 });
    expect(d.series).toHaveLength(7);
    expect(d.series[6]).toEqual({
      date: today,
      views: 40,
      orders: 2,
      revenueKobo: total1 + total2,
    });
    expect(d.series[5]).toMatchObject({ views: 10, orders: 0, revenueKobo: 0 });
    expect(d.totals).toEqual({
      views: 50,
      orders: 2,
      revenueKobo: total1 + total2,
      conversionPct: 4,
    });
    expect(d.previous).toEqual({ views: 0, orders: 0, revenueKobo: 0, conversionPct: null });
    expect(d.topProducts).toEqual([
      {
        id: a.prodId,
        name: 'Oil filter',
        url: `/product/${a.prodId}`,
        units: 3,
        revenueKobo: 1_200_000,
        views: 40,
      },
      {
        id: b.prodId,
        name: 'Air filter',
        url: `/product/${b.prodId}`,
        units: 1,
        revenueKobo: 600_000,
        views: 10,
      },
    ]);
    // Air filter had 2, one sold: 1 left. The wiper blade has none; the hidden part is not listed.
    expect(d.lowStock.map((x: { name: string; stock: number }) => [x.name, x.stock])).toEqual([
      ['Wiper blade', 0],
      ['Air filter', 1],
    ]);
    expect(d.products).toEqual({ total: 4, active: 3, inactive: 1, outOfStock: 1, lowStock: 1 });

    const month = (await t.get('/api/store/dashboard?days=30', s)).body;
    expect(month.series).toHaveLength(30);
    expect(month.totals.views).toBe(50);
    expect(month.previous.views).toBe(1);
    const quarter = (await t.get('/api/store/dashboard?days=90', s)).body;
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals.views).toBe(51);
    expect((await t.get('/api/store/dashboard', s)).body.days).toBe(30);
    for (const q of ['days=14', 'days=0', 'days=x', 'days=1e400', 'storeId=0'])
      expect((await t.get(`/api/store/dashboard?${q}`, s)).status, q).toBe(400);
    // Another store's figures are not mixed in.
    const other = await seller();
    const empty = (await t.get('/api/store/dashboard?days=7', other)).body;
    expect(empty.totals).toEqual({ views: 0, orders: 0, revenueKobo: 0, conversionPct: null });
    expect(empty.topProducts).toEqual([]);
  });
});

describe(`seller's store: demo data (${dbLabel()})`, () => {
  it("gives the demo seller's store 90 days of views once", async () => {
    const { seedSeller } = await import('./seed.ts');
    const s = await t.signIn('Seller', { email: 'seller@demo.ng' });
    const store = await createStore(db(), { ownerUserId: s.user.id });
    for (let i = 0; i < 5; i++) await createProduct(db(), { store, name: `Demo part ${i}` });
    await seedSeller(db());
    const views = async () =>
      (
        await one<{ n: number }>(
          sql`select coalesce(sum(views), 0)::int as n from product_views where store_id = ${store.id}`,
        )
      ).n;
    const first = await views();
    expect(first).toBeGreaterThan(50);
    await seedSeller(db());
    expect(await views()).toBe(first);
    const d = (await t.get('/api/store/dashboard?days=90', s)).body;
    expect(d.totals.views).toBe(first);
    expect(d.series.filter((x: { views: number }) => x.views > 0).length).toBeGreaterThan(60);
  });
});
