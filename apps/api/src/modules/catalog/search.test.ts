import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { seedCatalog } from './seed.ts';
import { createProduct, createStore, makeId, modelId } from './testing.ts';
import { productsRepository } from './repository.ts';
import { buildTsQuery, expectedMatches, parseSearch, searchPlanner } from './search.ts';

let t: TestApp;
let pnProduct: number;
let mercProduct: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.handle.db, { products: 900 });
  const db = t.handle.db;
  const store = await createStore(db);
  const toyota = await makeId(db, 'Toyota');
  pnProduct = (
    await createProduct(db, {
      store,
      catId: 601,
      name: 'Toyota Camry Front Brake Pads',
      title: 'Akebono Front Brake Pads for Toyota Camry 2012-2017',
      partNumber: '04465-33471',
      fitments: [
        {
          makeId: toyota,
          modelId: await modelId(db, 'Toyota', 'Camry'),
          yearFrom: 2012,
          yearTo: 2017,
        },
      ],
    })
  ).prodId;
  mercProduct = (
    await createProduct(db, {
      store,
      catId: 201,
      name: 'Mercedes-Benz C-Class Oil Filter',
      partNumber: 'A 271 180 00 09',
    })
  ).prodId;
}, 180_000);
afterAll(() => t?.close());

const search = async (text: string, extra = '') =>
  (await t.get(`/api/products/categories/0/?prodName=${encodeURIComponent(text)}${extra}`)).body;
const catOf = (ids: number[]) =>
  rows<{ prod_id: number; cat_id: number; condition: number }>(
    t.handle.db,
    sql`select prod_id, cat_id, condition from products where prod_id = any(string_to_array(${ids.join(',')}, ',')::int[])`,
  );

describe('search parsing (unit)', () => {
  it('maps Tokunbo and friends to Used and strips the word', () => {
    expect(parseSearch('Tokunbo headlamp')).toMatchObject({ tokens: ['headlamp'], condition: 2 });
    expect(parseSearch('foreign used gearbox')).toMatchObject({
      tokens: ['gearbox'],
      condition: 2,
    });
    expect(parseSearch('brand new alternator')).toMatchObject({
      tokens: ['alternator'],
      condition: 1,
    });
    expect(parseSearch('04465-33471').partNumber).toBe('0446533471');
    expect(parseSearch('Corolla 2010 brake pads').partNumber).toBeUndefined();
  });
  it('builds an AND of words with synonyms, corrections and a prefix on the last word', () => {
    expect(buildTsQuery(['brak', 'pads'], new Map([['brak', ['brake', 'break']]]))).toBe(
      '(brak | brake | break) & (pads:* | pad)',
    );
    expect(buildTsQuery(['headlight'], new Map())).toBe('(headlight:* | headlamp)');
    expect(buildTsQuery(['oil', 'filter'], new Map(), new Set(['oil', 'filter']))).toBe(
      'oil & filter',
    );
  });
});

describe(`search quality (${dbLabel()})`, () => {
  it("'brak pads' (a typo) finds brake pads first", async () => {
    const body = await search('brak pads');
    expect(body.items.length).toBeGreaterThan(3);
    const cats = await catOf(body.items.slice(0, 5).map((i: any) => i.prod_id));
    for (const c of cats) expect(c.cat_id).toBe(601);
    expect(body.lastId).toMatch(/^\d+:\d+$/);
  });

  for (const word of ['Tokunbo', 'tokunbo', 'foreign used', 'used']) {
    it(`'${word}' finds Used parts only`, async () => {
      const body = await search(word);
      expect(body.items.length).toBe(50);
      for (const i of body.items) expect(i.condition).toBe(2);
    });
  }

  it("'Tokunbo headlamp' finds Used headlamps", async () => {
    const body = await search('Tokunbo headlamp');
    expect(body.items.length).toBeGreaterThan(0);
    for (const i of body.items) expect(i.condition).toBe(2);
    const cats = await catOf(body.items.map((i: any) => i.prod_id));
    expect(cats.filter((c) => [1001, 1005].includes(c.cat_id)).length).toBeGreaterThan(0);
  });

  it("a synonym: 'headlight' finds headlamps", async () => {
    const body = await search('headlight');
    const first = body.items.slice(0, 5).map((i: any) => i.prod_id);
    const cats = await catOf(first);
    for (const c of cats) expect([1001, 1005]).toContain(c.cat_id);
  });

  for (const pn of ['04465-33471', '0446533471', '04465 33471', '04465-3347']) {
    it(`part number '${pn}' finds its part first`, async () => {
      const body = await search(pn);
      expect(body.items[0].prod_id).toBe(pnProduct);
    });
  }
  it('a Mercedes part number with spaces, typed without them, finds its part first', async () => {
    expect((await search('A2711800009')).items[0].prod_id).toBe(mercProduct);
    expect((await search('A 271 180 00 09')).items[0].prod_id).toBe(mercProduct);
  });

  it('ranks name matches above description-only matches', async () => {
    const body = await search('camry brake pads');
    const cats = await catOf(body.items.slice(0, 3).map((i: any) => i.prod_id));
    for (const c of cats) expect(c.cat_id).toBe(601);
    expect(body.items[0].name).toMatch(/Camry/);
  });

  it('combines search with filters', async () => {
    const body = await search('pads', '&partcategory=6&condition=1');
    for (const i of body.items) expect(i.condition).toBe(1);
    const cats = await catOf(body.items.map((i: any) => i.prod_id));
    for (const c of cats) expect(Math.floor(c.cat_id / 100)).toBe(6);
  });

  it('pages ranked results without overlap or gaps (score:prod_id cursor)', async () => {
    const one = await search('brake');
    expect(one.items.length).toBeGreaterThan(20);
    const target = one.hasMore ? 50 : one.items.length;
    const all: number[] = [];
    let lastId: string | null = null;
    for (let i = 0; i < 50 && all.length < target; i++) {
      const body: any = await search('brake', `&pagesize=6${lastId ? `&lastId=${lastId}` : ''}`);
      all.push(...body.items.map((x: any) => x.prod_id));
      if (!body.hasMore) break;
      lastId = body.lastId;
    }
    expect(all.slice(0, target)).toEqual(one.items.map((x: any) => x.prod_id).slice(0, target));
    expect(new Set(all).size).toBe(all.length);
  });

  it('a plain prod_id cursor is refused for a search (400, not 500)', async () => {
    expect((await t.get('/api/products/categories/0/?prodName=brake&lastId=123')).status).toBe(400);
  });

  it('nonsense finds nothing, calmly', async () => {
    const body = await search('zzqxv wvvq');
    expect(body).toMatchObject({ status: true, items: [], hasMore: false, lastId: null });
    expect((await search("'; drop table products; --")).status).toBe(true);
    expect((await search('a & b | c:* !(d)')).status).toBe(true);
  });
});

describe(`GET /api/products/search (${dbLabel()})`, () => {
  it('suggests up to 10 distinct names, best first', async () => {
    const { status, body } = await t.get('/api/products/search?prodName=brake%20pads');
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(10);
    expect(Object.keys(body.items[0]).sort()).toEqual(['id', 'name']);
    const names = body.items.map((i: any) => i.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names.slice(0, 3)) expect(n).toMatch(/Brake Pads/);
  });

  it('refuses 3 characters or fewer with the contract message', async () => {
    for (const q of ['abc', '   abc  ', '']) {
      const { status, body } = await t.get(
        `/api/products/search?prodName=${encodeURIComponent(q)}`,
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({
        status: false,
        message: 'Search text should be more than 3 characters',
      });
    }
    expect((await t.get('/api/products/search')).status).toBe(400);
    expect((await t.get(`/api/products/search?prodName=${'y'.repeat(101)}`)).status).toBe(400);
  });
});

describe('when a search runs in stages', () => {
  it('expects many matches for one common word or words that go together, few for a specific mix', () => {
    const million = 1_000_000;
    expect(expectedMatches(million, [47_512])).toBe(47_512); // 'radiator'
    expect(expectedMatches(million, [30_000, 33_000])).toBeGreaterThan(1000); // 'spark plugs': the words come together
    expect(expectedMatches(million, [20_000, 30_000, 25_000])).toBeLessThan(1000); // 'civic timing belt'
    expect(expectedMatches(million, [300])).toBe(300);
    expect(expectedMatches(0, [5])).toBe(0);
    // 'gaskets and seals': the stop word limits nothing (its estimate is Infinity), so the search stays large.
    expect(expectedMatches(million, [23_932, Infinity, 21_000])).toBeGreaterThan(1000);
  });

  it('matches a complete three-letter word whole, and a short beginning as a prefix', async () => {
    const planner = searchPlanner(productsRepository(t.handle.db));
    expect((await planner.query('brake oil')).tsq).toBe('(brake | break) & oil');
    expect((await planner.query('brake pum')).tsq).toBe('(brake | break) & pum:*');
  });

  it('estimates a stop word alone as limiting nothing, a real word by its matches', async () => {
    const repo = productsRepository(t.handle.db);
    expect(await repo.estimateMatches('and')).toBe(Infinity);
    expect(await repo.estimateMatches('s')).toBe(Infinity);
    expect(await repo.estimateMatches('brake')).toBeLessThan(Infinity);
  });
});
