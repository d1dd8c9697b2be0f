import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { seedCatalog } from './seed.ts';
import { createProduct, createStore } from './testing.ts';
import { bucketCover, productsRepository, searchStages, SEARCH_WINDOW } from './repository.ts';

describe('search stages (unit)', () => {
  it('covers a range exactly with the largest aligned buckets', () => {
    expect(bucketCover(0, 4096)).toEqual(['~a0']);
    expect(bucketCover(4096 * 7, 4096 * 10)).toEqual(['~a9', '~a8', '~a7']);
    expect(bucketCover(0, 1 << 18)).toEqual(['~c0']);
    expect(bucketCover(4096 * 6, 4096 * 17)).toEqual(['~a16', '~b1', '~a7', '~a6']);
  });
  it('a small catalogue is one stage; a big one goes back in stages that meet', () => {
    expect(searchStages(900)).toEqual({ ranges: [], rest: null });
    const { ranges, rest } = searchStages(1_000_000);
    expect(ranges[0][1]).toBeGreaterThan(1_000_000);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i][1]).toBe(ranges[i - 1][0]);
    expect(rest).toBe(ranges[ranges.length - 1][0]);
  });
});

// Products spread over a wide prod_id range so that several stages take part: the staged search must rank exactly
// the same window as one query over everything.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.handle.db, { products: 50 });
  const store = await createStore(t.handle.db);
  const tpl = await createProduct(t.handle.db, { store, name: 'Quokka Bracket', title: 'quokka' });
  // 500 matches from id 20,000 up every 1,500: the newest SEARCH_WINDOW reach back past several stages.
  await t.handle.db
    .execute(sql`insert into products (prod_id, store_id, cat_id, top_cat_id, state_id, city_id, name, title, description,
      price_kobo, condition, search_terms) overriding system value
    select 20000 + g * 1500, store_id, cat_id, top_cat_id, state_id, city_id, case when g % 4 = 0 then 'Quokka Bracket ' || g else 'Bracket ' || g end,
      case when g % 4 = 0 then '' else 'fits a quokka' end, 'quokka ' || repeat('part ', g % 7), price_kobo, condition, search_terms
    from products, generate_series(1, 500) g where prod_id = ${tpl.prodId}`);
  await t.handle.db.execute(sql`analyze products`);
}, 180_000);
afterAll(() => t?.close());

describe(`staged search (${dbLabel()})`, () => {
  it('ranks the same window, in the same order, as one query over the whole catalogue', async () => {
    const repo = productsRepository(t.handle.db);
    const newestId = await repo.newestId();
    expect(searchStages(newestId).ranges.length).toBeGreaterThan(1);
    const q = { filter: {}, tsq: 'quokka:*', limit: SEARCH_WINDOW + 10 };
    const staged = await repo.page({ ...q, newestId });
    const whole = await repo.page(q);
    expect(staged.length).toBe(SEARCH_WINDOW);
    expect(staged.map((r) => [r.prod_id, r.score])).toEqual(whole.map((r) => [r.prod_id, r.score]));
    // The window is the newest matches.
    expect(Math.min(...staged.map((r) => r.prod_id))).toBe(
      20000 + (500 - SEARCH_WINDOW + 1) * 1500,
    );
  });

  it('a rare word found only in old products still comes back', async () => {
    const repo = productsRepository(t.handle.db);
    const rows = await repo.page({
      filter: {},
      tsq: 'quokka:* & bracket & 8',
      limit: 50,
      newestId: await repo.newestId(),
    });
    expect(rows.map((r) => r.name)).toContain('Quokka Bracket 8');
  });

  it('pages the API answer without overlap or gaps', async () => {
    const all: number[] = [];
    let lastId: string | null = null;
    for (let i = 0; i < 20; i++) {
      const { body } = await t.get(
        `/api/products/categories/0/?prodName=quokka&pagesize=50${lastId ? `&lastId=${lastId}` : ''}`,
      );
      all.push(...body.items.map((x: any) => x.prod_id));
      if (!body.hasMore) break;
      lastId = body.lastId;
    }
    expect(all.length).toBe(SEARCH_WINDOW);
    expect(new Set(all).size).toBe(all.length);
  });
});
