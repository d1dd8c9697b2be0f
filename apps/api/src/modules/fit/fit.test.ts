import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore } from '../catalog/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TOYOTA = 448;
const COROLLA = 2208;

describe(`fit check (${dbLabel()})`, () => {
  it('answers per product for the newest saved car, or the one named', async () => {
    const store = await createStore(t.handle.db);
    const exact = await createProduct(t.handle.db, {
      store,
      fitments: [{ makeId: TOYOTA, modelId: COROLLA, yearFrom: 2008, yearTo: 2013 }],
    });
    const later = await createProduct(t.handle.db, {
      store,
      fitments: [{ makeId: TOYOTA, modelId: COROLLA, yearFrom: 2014, yearTo: 2018 }],
    });
    const anyToyota = await createProduct(t.handle.db, {
      store,
      fitments: [{ makeId: TOYOTA, modelId: null, yearFrom: 2000, yearTo: 2020 }],
    });
    const none = await createProduct(t.handle.db, { store });
    const ids = [exact, later, anyToyota, none].map((p) => p.prodId).join(',');

    expect((await t.get(`/api/fit?ids=${ids}`)).status).toBe(401);
    const { cookie } = await t.signIn('Buyer');
    const empty = await t.get(`/api/fit?ids=${ids}`, { cookie });
    expect(empty.body).toEqual({ status: true, car: null, cars: [], items: [] });

    const older = (
      await t.post('/api/garage', { makeId: TOYOTA, modelId: COROLLA, year: 2016 }, { cookie })
    ).body.items[0];
    await t.post('/api/garage', { makeId: TOYOTA, modelId: COROLLA, year: 2010 }, { cookie });
    const ans = await t.get(`/api/fit?ids=${ids}`, { cookie });
    expect(ans.status).toBe(200);
    expect(ans.body.car).toMatchObject({
      label: '2010 Toyota Corolla',
      makeId: TOYOTA,
      modelId: COROLLA,
      year: 2010,
    });
    expect(ans.body.cars).toHaveLength(2);
    expect(ans.body.items.map((i: any) => i.text)).toEqual([
      'Fits your 2010 Toyota Corolla',
      'Does not fit your 2010 Corolla: made for the 2014–2018 Corolla',
      'Fits your 2010 Toyota Corolla',
      'No fitment data: ask the seller',
    ]);
    const picked = await t.get(`/api/fit?ids=${ids}&car=${older.id}`, { cookie });
    expect(picked.body.items.map((i: any) => i.verdict)).toEqual(['no', 'fits', 'fits', 'unknown']);

    // Another user's car is not theirs to pick.
    const other = await t.signIn('Buyer');
    const refused = await t.get(`/api/fit?ids=${ids}&car=${older.id}`, { cookie: other.cookie });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toMatch(/My cars/);
    expect((await t.get('/api/fit?ids=1,x', { cookie })).status).toBe(400);
  });
});
