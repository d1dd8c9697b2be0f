import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, withApp, type TestApp } from '../../test/helper.ts';
import { seedCatalog } from './seed.ts';
import { createProduct, createStore, makeId, modelId } from './testing.ts';
import { carTakes, fitRule, specsOf } from './fitment.ts';

let t: TestApp;
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-catalog-test-'));
let toyota: number;
let corolla: number;
let universal: number;
let lagos: number;
let ikeja: number;

beforeAll(async () => {
  t = await createTestApp({ imagesDir });
  await seedCatalog(t.handle.db, { products: 900 });
  toyota = await makeId(t.handle.db, 'Toyota');
  corolla = await modelId(t.handle.db, 'Toyota', 'Corolla');
  [{ state_id: lagos, city_id: ikeja }] = await q<{
    state_id: number;
    city_id: number;
  }>(sql`select s.id as state_id, c.id as city_id from states s
    join cities c on c.state_id = s.id where s.name = 'Lagos' and c.name = 'Ikeja'`);
  const store = await createStore(t.handle.db, {
    name: 'Ikeja Universal Spares',
    urlName: 'ikeja-universal-spares',
  });
  // Fits every Toyota model 2000-2020: must show for a Corolla 2010.
  universal = (
    await createProduct(t.handle.db, {
      store,
      catId: 601,
      name: 'Universal Toyota Brake Pads',
      fitments: [{ makeId: toyota, modelId: null, yearFrom: 2000, yearTo: 2020 }],
    })
  ).prodId;
  await createProduct(t.handle.db, { store, catId: 601, name: 'Hidden Brake Pads', active: false });
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.handle.db, query);
const ids = (items: any[]) => items.map((i) => i.prod_id);

/** Walks every page of a list URL and returns all ids in order. */
async function walk(url: string, pagesize: number) {
  const all: number[] = [];
  let lastId: string | null = null;
  let count = 0;
  for (let page = 0; page < 200; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const { status, body } = await t.get(
      `${url}${sep}pagesize=${pagesize}&count=${count}${lastId ? `&lastId=${encodeURIComponent(lastId)}` : ''}`,
    );
    expect(status).toBe(200);
    all.push(...ids(body.items));
    count = body.count;
    expect(count).toBe(all.length);
    if (!body.hasMore) break;
    expect(body.items).toHaveLength(pagesize);
    lastId = body.lastId;
  }
  return all;
}

describe(`catalogue demo data (${dbLabel()})`, () => {
  it('has 30+ stores in 10+ states, one owned by nobody when the demo seller is missing, valid phones', async () => {
    const [s] = await q<{
      n: number;
      states: number;
      verified: number;
    }>(sql`select count(*)::int n, count(distinct state_id)::int states,
      count(*) filter (where verified)::int verified from stores`);
    expect(s.n).toBeGreaterThanOrEqual(30);
    expect(s.states).toBeGreaterThanOrEqual(10);
    expect(s.verified).toBeGreaterThan(5);
    const phones = await q<{ phones: string[] }>(sql`select phones from stores`);
    for (const p of phones.flatMap((r) => r.phones)) expect(p).toMatch(/^0[789][01]\d{8}$/);
  });

  it('covers every top category with New and Used parts, fitment, pictures and about 20% on sale', async () => {
    const [c] = await q<{
      tops: number;
      cats: number;
      used: number;
      fresh: number;
      sale: number;
      n: number;
    }>(sql`
      select count(distinct top_cat_id)::int tops, (select count(*)::int from categories where parent_id = 0) cats,
        count(*) filter (where condition = 2)::int used, count(*) filter (where condition = 1)::int fresh,
        count(*) filter (where sales_kobo is not null)::int sale, count(*)::int n from products`);
    expect(c.tops).toBe(c.cats);
    expect(c.used).toBeGreaterThan(c.n * 0.1);
    expect(c.fresh).toBeGreaterThan(c.n * 0.4);
    expect(c.sale / c.n).toBeGreaterThan(0.12);
    expect(c.sale / c.n).toBeLessThan(0.3);
    // Parts for one car have fitment rows; parts for most cars, tyres, wheels and batteries (by size) have none.
    const fits = await q<{ cat_id: number; top_cat_id: number; rows: number }>(
      sql`select cat_id, top_cat_id, (select count(*)::int from product_fitments f where f.product_id = p.prod_id) as rows
        from products p where p.store_id in (select id from stores where url_name not like 'ikeja-universal%')`,
    );
    expect(
      fits.filter((f) => (fitRule(f.cat_id, f.top_cat_id) === 'model') !== f.rows > 0),
    ).toEqual([]);
    const [i] = await q<{ missing: number }>(
      sql`select count(*)::int missing from products p where not exists (select 1 from product_images i where i.product_id = p.prod_id) and p.name not in ('Universal Toyota Brake Pads', 'Hidden Brake Pads')`,
    );
    expect(i.missing).toBe(0);
  });
});

describe(`GET /api/products/categories/:id/ (${dbLabel()})`, () => {
  it('lists 50 newest active products with the list item shape', async () => {
    const { status, body, headers } = await t.get('/api/products/categories/0/');
    expect(status).toBe(200);
    expect(headers['cache-control']).toMatch(/max-age/);
    expect(body).toMatchObject({ status: true, count: 50, hasMore: true });
    expect(body.items).toHaveLength(50);
    const it0 = body.items[0];
    expect(it0).toMatchObject({
      prod_id: it0.id,
      url: `/product/${it0.id}`,
      condition: expect.any(Number),
    });
    expect(Object.keys(it0).sort()).toEqual([
      'condition',
      'description',
      'fit',
      'id',
      'image',
      'name',
      'price',
      'prod_id',
      'store',
      'title',
      'url',
    ]);
    expect(body.lastId).toBe(String(body.items[49].prod_id));
    const all = ids(body.items);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    expect(all).not.toContain(undefined);
    const hidden = await q<{ prod_id: number }>(sql`select prod_id from products where not active`);
    for (const h of hidden) expect(all).not.toContain(h.prod_id);
  });

  it('gives {price, sales} price data and a responsive image with a placeholder', async () => {
    const { body } = await t.get('/api/products/categories/0/?pagesize=50');
    const onSale = body.items.find((i: any) => i.price.sales !== null);
    const full = body.items.find((i: any) => i.price.sales === null);
    expect(onSale.price.sales).toBeLessThan(onSale.price.price);
    expect(full.price.price).toBeGreaterThan(0);
    const img = body.items.find((i: any) => i.image)!.image;
    expect(img.src).toMatch(/^\/images\/p\/g-\d+-\d-320\.webp$/);
    expect(img.srcset.split(', ')).toHaveLength(3);
    expect(img).toMatchObject({ width: 320, height: 240 });
    expect(img.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(body.items[0].description.length).toBeLessThanOrEqual(160);
  });

  it('pages without overlap or gaps (whole catalogue, newest first)', async () => {
    const all = await walk('/api/products/categories/0/', 50);
    const expected = (
      await q<{ prod_id: number }>(
        sql`select prod_id from products where active order by prod_id desc`,
      )
    ).map((r) => r.prod_id);
    expect(all).toEqual(expected);
  });

  it('pages a filtered list in small pages without overlap or gaps', async () => {
    const all = await walk(`/api/products/categories/0/?regionId=${lagos}&condition=1`, 7);
    const expected = (
      await q<{ prod_id: number }>(
        sql`select prod_id from products where active and condition = 1 and state_id = ${lagos} order by prod_id desc`,
      )
    ).map((r) => r.prod_id);
    expect(expected.length).toBeGreaterThan(7);
    expect(all).toEqual(expected);
  });

  const cases: [string, () => string, () => ReturnType<typeof sql>][] = [
    [
      'a top category includes its children',
      () => '/api/products/categories/6/',
      () => sql`top_cat_id = 6`,
    ],
    ['a child category', () => '/api/products/categories/601/', () => sql`cat_id = 601`],
    [
      'partcategory',
      () => '/api/products/categories/0/?partcategory=10',
      () => sql`top_cat_id = 10`,
    ],
    [
      'regionId (state of the store)',
      () => `/api/products/categories/0/?regionId=${lagos}`,
      () => sql`store_id in (select id from stores where state_id = ${lagos})`,
    ],
    [
      'city',
      () => `/api/products/categories/0/?city=${ikeja}`,
      () => sql`store_id in (select id from stores where city_id = ${ikeja})`,
    ],
    ['condition Used', () => '/api/products/categories/0/?condition=2', () => sql`condition = 2`],
    ['condition New', () => '/api/products/categories/0/?condition=1', () => sql`condition = 1`],
    [
      'store',
      () => '/api/products/categories/0/?store=ladipo-genuine-parts',
      () => sql`store_id = (select id from stores where url_name = 'ladipo-genuine-parts')`,
    ],
  ];
  for (const [name, url, where] of cases) {
    it(`filters by ${name}`, async () => {
      const { status, body } = await t.get(url());
      expect(status).toBe(200);
      const expected = (
        await q<{ prod_id: number }>(
          sql`select prod_id from products where active and ${where()} order by prod_id desc limit 50`,
        )
      ).map((r) => r.prod_id);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(body.items)).toEqual(expected);
    });
  }

  // The order a car's list must have, computed here from the rows: parts fitting the car by their fitment
  // rows, then by their size, then parts for most cars; never others. Then in stock, verified store, newest.
  async function carOracle(car: { make?: number; model?: number; year?: number }, extra: string) {
    const names = car.model
      ? (
          await q<{ make: string; model: string }>(
            sql`select mk.name as make, md.name as model from car_models md join car_makes mk on mk.id = md.make_id where md.id = ${car.model}`,
          )
        )[0]
      : undefined;
    const specs = new Set(names ? specsOf(carTakes(names.make, names.model)) : []);
    const all = await q<{
      prod_id: number;
      cat_id: number;
      top_cat_id: number;
      fit_spec: string | null;
      stock: number;
      verified: boolean;
      fits: boolean;
    }>(sql`select p.prod_id, p.cat_id, p.top_cat_id, p.fit_spec, p.stock, st.verified,
        exists (select 1 from product_fitments f where f.product_id = p.prod_id
          and (${car.make ?? null}::int is null or f.make_id = ${car.make ?? null}::int)
          and (${car.model ?? null}::int is null or f.model_id is null or f.model_id = ${car.model ?? null}::int)
          and (${car.year ?? null}::int is null or ${car.year ?? null}::int between f.year_from and f.year_to)) as fits
      from products p join stores st on st.id = p.store_id where p.active and ${sql.raw(extra)}`);
    const group = (r: (typeof all)[number]) => {
      const rule = fitRule(r.cat_id, r.top_cat_id);
      if (rule === 'model') return r.fits ? 3 : 0;
      if (rule === 'universal') return 1;
      if (rule === 'not-a-car') return 0;
      return r.fit_spec && specs.has(r.fit_spec) ? 2 : 0;
    };
    const key = (r: (typeof all)[number]) => [
      group(r) >= 2 ? 1 : 0,
      group(r),
      r.stock > 0 ? 1 : 0,
      r.verified ? 1 : 0,
      r.prod_id,
    ];
    return all
      .filter((r) => group(r) > 0)
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
        return 0;
      })
      .map((r) => ({ prod_id: r.prod_id, fit: group(r) >= 2 ? 'exact' : 'universal' }));
  }

  const carCases: [
    string,
    () => { make?: number; model?: number; year?: number },
    string,
    string,
  ][] = [
    ['carmake', () => ({ make: toyota }), '', 'true'],
    ['carmake + carmodel', () => ({ make: toyota, model: corolla }), '', 'true'],
    [
      'carmake + carmodel + caryear',
      () => ({ make: toyota, model: corolla, year: 2010 }),
      '',
      'true',
    ],
    ['caryear alone', () => ({ year: 1999 }), '', 'true'],
    [
      'car and two other filters',
      () => ({ make: toyota }),
      '&condition=1&partcategory=6',
      'p.condition = 1 and p.top_cat_id = 6',
    ],
  ];
  for (const [name, car, extra, where] of carCases) {
    it(`filters by ${name}: exact fits first, then parts for most cars, every page`, async () => {
      const c = car();
      const expected = await carOracle(c, where);
      expect(expected.length).toBeGreaterThan(5);
      const query = [
        c.make ? `carmake=${c.make}` : '',
        c.model ? `carmodel=${c.model}` : '',
        c.year ? `caryear=${c.year}` : '',
      ]
        .filter(Boolean)
        .join('&');
      const { body } = await t.get(`/api/products/categories/0/?${query}${extra}`);
      expect(
        body.items.map((i: { prod_id: number; fit: string }) => ({
          prod_id: i.prod_id,
          fit: i.fit,
        })),
      ).toEqual(expected.slice(0, 50));
      expect(await walk(`/api/products/categories/0/?${query}${extra}`, 37)).toEqual(
        expected.map((e) => e.prod_id),
      );
    });
  }

  it('a car never gets parts for trucks or motorcycles, nor tyres of another size', async () => {
    const all = await walk(
      `/api/products/categories/4/?carmake=${toyota}&carmodel=${corolla}&caryear=2010`,
      50,
    );
    const got = await q<{ name: string }>(
      sql`select name from products where prod_id = any(string_to_array(${all.join(',') || '0'}, ',')::int[])`,
    );
    expect(got.length).toBeGreaterThan(0);
    for (const { name } of got) {
      expect(name).not.toMatch(/truck|motorcycle|tricycle|inner tube/i);
      if (/\d{3}\/\d{2}/.test(name)) expect(name).toMatch(/195\/65 R15|205\/55 R16/);
    }
  });

  it('a part for all models of a make shows for any model of it', async () => {
    const { body } = await t.get(
      `/api/products/categories/601/?carmake=${toyota}&carmodel=${corolla}&caryear=2012`,
    );
    expect(ids(body.items)).toContain(universal);
    const other = await t.get(
      `/api/products/categories/601/?carmake=${toyota}&carmodel=${corolla}&caryear=1998`,
    );
    expect(ids(other.body.items)).not.toContain(universal);
  });

  it('treats empty filter values as absent (GET forms send them)', async () => {
    const { status, body } = await t.get(
      '/api/products/categories/0/?regionId=&city=&carmake=&carmodel=&caryear=&condition=&prodName=&lastId=&active=true',
    );
    expect(status).toBe(200);
    expect(body.items).toHaveLength(50);
  });

  it('answers an empty page with lastId null', async () => {
    const { body } = await t.get('/api/products/categories/0/?lastId=1');
    expect(body).toMatchObject({ status: true, items: [], lastId: null, hasMore: false });
  });

  const bad = [
    'pagesize=500',
    'pagesize=0',
    'lastId=abc',
    'lastId=1.5',
    'condition=7',
    'condition=new',
    'caryear=1800',
    'caryear=3000',
    `prodName=${'x'.repeat(101)}`,
    'regionId=-1',
    'city=lagos',
    'partcategory=abc',
    'carmake=99999999999',
    'count=-1',
    'store=Bad%20Name',
    'active=maybe',
  ];
  for (const b of bad) {
    it(`rejects ${b.slice(0, 30)} with 400`, async () => {
      const { status, body } = await t.get(`/api/products/categories/0/?${b}`);
      expect(status).toBe(400);
      expect(body.status).toBe(false);
      expect(body.message).toBeTruthy();
    });
  }

  it('answers 404 for an unknown category or store, 400 for a bad path id', async () => {
    expect((await t.get('/api/products/categories/9999/')).status).toBe(404);
    expect((await t.get('/api/products/categories/0/?partcategory=9999')).status).toBe(404);
    expect((await t.get('/api/products/categories/0/?store=no-such-store')).status).toBe(404);
    expect((await t.get('/api/products/categories/abc/')).status).toBe(400);
  });
});

describe(`product, store and category pages (${dbLabel()})`, () => {
  it('GET /api/products/:id gives the product with store, images, fitment and category', async () => {
    const [p] = await q<{ prod_id: number }>(
      sql`select p.prod_id from products p where active and exists (select 1 from product_fitments f where f.product_id = p.prod_id and f.model_id is not null) order by prod_id limit 1`,
    );
    const { status, body } = await t.get(`/api/products/${p.prod_id}`);
    expect(status).toBe(200);
    const it = body.item;
    expect(it).toMatchObject({ prod_id: p.prod_id, id: p.prod_id, url: `/product/${p.prod_id}` });
    expect(it.store).toMatchObject({
      name: expect.any(String),
      url_name: expect.any(String),
      verified: expect.any(Boolean),
      address: expect.any(String),
    });
    expect(it.store.phones.length).toBeGreaterThan(0);
    expect(it.store.delivery_fee_in_state).toBeGreaterThan(0);
    expect(it.store.delivery_fee_other_states).toBeGreaterThan(it.store.delivery_fee_in_state);
    expect(it.images[0].sizes).toEqual({
      160: expect.stringMatching(/-160\.webp$/),
      320: expect.stringMatching(/-320\.webp$/),
      640: expect.stringMatching(/-640\.webp$/),
    });
    expect(it.fitment[0]).toMatchObject({
      make: expect.any(String),
      model: expect.any(String),
      year_from: expect.any(Number),
      year_to: expect.any(Number),
    });
    expect(it.category.parent).toMatchObject({
      cat_id: expect.any(Number),
      name: expect.any(String),
    });
  });

  it('answers 404 for a missing or inactive product and 400 for a bad id', async () => {
    expect((await t.get('/api/products/99999999')).status).toBe(404);
    const [hidden] = await q<{ prod_id: number }>(
      sql`select prod_id from products where not active`,
    );
    expect((await t.get(`/api/products/${hidden.prod_id}`)).status).toBe(404);
    expect((await t.get('/api/products/abc')).status).toBe(400);
  });

  it('GET /api/stores/:urlName gives the store and its first page; next pages continue', async () => {
    const { status, body } = await t.get('/api/stores/ladipo-genuine-parts?pagesize=10');
    expect(status).toBe(200);
    expect(body.store).toMatchObject({
      name: 'Ladipo Genuine Parts',
      url_name: 'ladipo-genuine-parts',
      state: 'Lagos',
      city: 'Ladipo',
      verified: true,
    });
    expect(body.store.product_count).toBeGreaterThan(10);
    expect(body.items).toHaveLength(10);
    for (const i of body.items) expect(i.store.url_name).toBe('ladipo-genuine-parts');
    const next = await t.get(
      `/api/stores/ladipo-genuine-parts/products?pagesize=10&lastId=${body.lastId}`,
    );
    expect(next.status).toBe(200);
    expect(ids(next.body.items).every((id: number) => id < Number(body.lastId))).toBe(true);
    expect((await t.get('/api/stores/no-such-store')).status).toBe(404);
    expect((await t.get('/api/stores/Bad_Name')).status).toBe(400);
  });

  it('GET /api/categories/:id gives a category with its parent and children', async () => {
    const top = await t.get('/api/categories/6');
    expect(top.status).toBe(200);
    expect(top.body.item).toMatchObject({ cat_id: 6, name: 'Brakes', parent: null });
    expect(top.body.item.children.map((c: any) => c.name)).toContain('Brake Pads');
    const child = await t.get('/api/categories/601');
    expect(child.body.item).toMatchObject({
      cat_id: 601,
      name: 'Brake Pads',
      parent: { cat_id: 6, name: 'Brakes' },
      children: [],
    });
    expect((await t.get('/api/categories/9999')).status).toBe(404);
    expect((await t.get('/api/categories/x')).status).toBe(400);
  });
});

describe(`product pictures (${dbLabel()})`, () => {
  it('draws a WebP picture on first request, then serves the file with immutable caching', async () => {
    const first = await t.get('/images/p/g-601-1-320.webp');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('immutable');
    expect(first.payload.subarray(0, 4).toString()).toBe('RIFF');
    expect(fs.existsSync(path.join(imagesDir, 'g-601-1-320.webp'))).toBe(true);
    const again = await t.get('/images/p/g-601-1-320.webp');
    expect(again.payload.equals(first.payload)).toBe(true);
    const sharp = (await import('sharp')).default;
    expect(await sharp(first.payload).metadata()).toMatchObject({
      width: 320,
      height: 240,
      format: 'webp',
    });
  });

  it('refuses unknown sizes, keys and categories', async () => {
    expect((await t.get('/images/p/g-601-1-333.webp')).status).toBe(400);
    expect((await t.get('/images/p/..%2Fetc-160.webp')).status).toBe(400);
    expect((await t.get('/images/p/g-9999-1-160.webp')).status).toBe(404);
    expect((await t.get('/images/p/uploaded-abc-160.webp')).status).toBe(404);
  });
});

describe('list answer cache', () => {
  it('serves a repeated list from memory, and a catalogue write makes the next answer fresh', async () => {
    const url = `/api/products/categories/0/?active=true&prodName=${encodeURIComponent('Zanzibar Gasket')}`;
    expect((await t.get(url)).body.items).toEqual([]);
    // Written behind the API's back: the cached (empty) answer stays until a writer invalidates.
    const store = await createStore(t.handle.db);
    await t.handle.db
      .execute(sql`insert into products (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition)
      values (${store.id}, 601, 6, ${store.stateId}, ${store.cityId}, 'Zanzibar Gasket', 100000, 1)`);
    expect((await t.get(url)).body.items).toEqual([]);
    // The same filters in another order are the same answer.
    expect(
      (
        await t.get(
          `/api/products/categories/0/?prodName=${encodeURIComponent('Zanzibar Gasket')}&active=true`,
        )
      ).body.items,
    ).toEqual([]);
    await createProduct(t.handle.db, { store, name: 'Zanzibar Gasket Set' }); // a catalogue writer: clears the cache
    const names = (await t.get(url)).body.items.map((i: { name: string }) => i.name).sort();
    expect(names).toEqual(['Zanzibar Gasket', 'Zanzibar Gasket Set']);
  });

  it('keeps answers as long as the configuration says (CATALOG_LIST_CACHE_MS): 0 keeps none', async () => {
    await withApp({ db: t.handle.db, config: { catalogListCacheMs: 0 } }, async (c) => {
      const url = `/api/products/categories/0/?prodName=${encodeURIComponent('Quagga Gasket')}`;
      expect((await c.get(url)).body.items).toEqual([]);
      const store = await createStore(t.handle.db);
      // Written behind the API's back: without a cache the next answer has it.
      await t.handle.db
        .execute(sql`insert into products (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition)
        values (${store.id}, 601, 6, ${store.stateId}, ${store.cityId}, 'Quagga Gasket', 100000, 1)`);
      expect((await c.get(url)).body.items.map((i: { name: string }) => i.name)).toEqual([
        'Quagga Gasket',
      ]);
    });
  });
});

describe('demo catalogue text', () => {
  it('never says the same sentence twice in a description', async () => {
    const found = await q<{ description: string }>(
      sql`select description from products where description <> ''`,
    );
    expect(found.length).toBeGreaterThan(100);
    const repeats = found.filter(({ description }) => {
      const sentences = description.split(/(?<=\.)\s+/);
      return new Set(sentences).size !== sentences.length;
    });
    expect(repeats.map((r) => r.description).slice(0, 3)).toEqual([]);
  });
  it("calls a maker's own part by the maker of the car it fits", async () => {
    const genuine = await q<{
      name: string;
      makes: string[];
    }>(sql`select p.title as name, array_agg(mk.name) as makes from products p
      join product_fitments f on f.product_id = p.prod_id join car_makes mk on mk.id = f.make_id
      where p.title like '% Genuine %' group by p.prod_id, p.title`);
    expect(genuine.length).toBeGreaterThan(0);
    expect(
      genuine
        .filter((g) => !g.makes.some((m) => g.name.startsWith(`${m} Genuine `)))
        .map((g) => g.name)
        .slice(0, 3),
    ).toEqual([]);
  });
});
