import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { seedProviders } from '../providers/seed.ts';
import { createProduct, createStore } from '../catalog/testing.ts';
import { neighboursOf } from './neighbours.ts';

// Location first: the user's place on the account, and lists that put the visitor's state first,
// then the states bordering it, then the rest, paging without a gap or a repeat.

let t: TestApp;
let state: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  await seedProviders(t.handle.db);
  const rs = await rows<{ id: number; name: string }>(
    t.handle.db,
    sql`select id, name from states`,
  );
  state = new Map(rs.map((r) => [r.name, r.id]));
});
afterAll(() => t?.close());

const cityOf = async (stateName: string) =>
  (
    await rows<{ id: number }>(
      t.handle.db,
      sql`select c.id from cities c join states s on s.id = c.state_id where s.name = ${stateName} order by c.id limit 1`,
    )
  )[0].id;

/** Every page of a list, following lastId. */
async function walk(path: string, pagesize: number) {
  const out: any[] = [];
  let lastId: string | number | null = null;
  for (let i = 0; i < 200; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await t.get(
      `${path}${sep}pagesize=${pagesize}${lastId !== null ? `&lastId=${lastId}` : ''}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    out.push(...r.body.items);
    if (!r.body.hasMore) return out;
    lastId = r.body.lastId;
  }
  throw new Error('too many pages');
}

/** 2 in the state, 1 in a bordering one, 0 farther. */
const rankIn = (home: string) => (name: string) =>
  name === home ? 2 : neighboursOf(home).includes(name) ? 1 : 0;

describe(`the user's place (${dbLabel()})`, () => {
  it('is saved on the account, read back, changed and cleared; guests are refused', async () => {
    expect((await t.get('/api/user/place')).status).toBe(401);
    expect((await t.put('/api/user/place', { stateId: state.get('Lagos') })).status).toBe(401);
    const { cookie } = await t.signIn('Buyer');
    expect((await t.get('/api/user/place', { cookie })).body.place).toBeNull();
    const ikeja = await cityOf('Lagos');
    const saved = await t.put(
      '/api/user/place',
      { stateId: state.get('Lagos'), cityId: ikeja },
      { cookie },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.place).toMatchObject({
      stateId: state.get('Lagos'),
      state: 'Lagos',
      cityId: ikeja,
    });
    expect((await t.get('/api/user/place', { cookie })).body.place.state).toBe('Lagos');
    // The header's call answers the same place, beside the cart's count.
    const header = await t.get('/api/user/header', { cookie });
    expect(header.body).toEqual({
      status: true,
      count: 0,
      place: (await t.get('/api/user/place', { cookie })).body.place,
    });
    expect((await t.get('/api/user/header')).status).toBe(401);
    const kano = await t.put('/api/user/place', { stateId: state.get('Kano') }, { cookie });
    expect(kano.body.place).toMatchObject({ state: 'Kano', cityId: null, city: null });
    const cleared = await t.put('/api/user/place', { stateId: null }, { cookie });
    expect(cleared.body.place).toBeNull();
  });

  it('refuses a state that does not exist, a city of another state and a city without a state', async () => {
    const { cookie } = await t.signIn('Buyer');
    const before = await t.put('/api/user/place', { stateId: state.get('Oyo') }, { cookie });
    expect(before.status).toBe(200);
    for (const [body, msg] of [
      [{ stateId: 999 }, /No such state/],
      [{ stateId: state.get('Lagos'), cityId: await cityOf('Kano') }, /not in the chosen state/],
      [{ stateId: null, cityId: await cityOf('Kano') }, /state before a city/],
      [{ stateId: 'Lagos' }, /stateId/],
      [{}, /stateId/],
    ] as const) {
      const r = await t.put('/api/user/place', body, { cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    // Nothing was lost: the earlier choice stands.
    expect((await t.get('/api/user/place', { cookie })).body.place.state).toBe('Oyo');
  });
});

describe(`nearer first (${dbLabel()})`, () => {
  it('mechanics: the visitor state, then its neighbours, then the rest, across pages', async () => {
    const all = await walk('/api/mechanics/indexquery', 50);
    const near = await walk(`/api/mechanics/indexquery?near=${state.get('Lagos')}`, 7);
    // The same providers, each once.
    expect(near.map((p) => p.sp_id).sort()).toEqual(all.map((p) => p.sp_id).sort());
    expect(new Set(near.map((p) => p.sp_id)).size).toBe(near.length);
    const ranks = near.map((p) => rankIn('Lagos')(p.state));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBe(2);
    expect(ranks).toContain(0);
    // Limited to one state, near changes nothing.
    const inKano = await walk(
      `/api/mechanics/indexquery?regionId=${state.get('Kano')}&near=${state.get('Lagos')}`,
      50,
    );
    expect(inKano.every((p) => p.state === 'Kano')).toBe(true);
  });

  it('parts: the visitor state, then its neighbours, then the rest, newest first in each, across pages', async () => {
    const stores = await Promise.all(
      ['Lagos', 'Ogun', 'Kano', 'Rivers'].map(async (name) =>
        createStore(t.handle.db, { stateId: state.get(name)!, cityId: await cityOf(name) }),
      ),
    );
    // Products made in an interleaved order, so newest-first alone would mix the states.
    for (let i = 0; i < 24; i++)
      await createProduct(t.handle.db, {
        store: stores[i % 4],
        catId: 602,
        name: `Nearness Bolt ${i}`,
      });
    const near = await walk(`/api/products/categories/602/?near=${state.get('Ogun')}`, 5);
    expect(near).toHaveLength(24);
    expect(new Set(near.map((p) => p.prod_id)).size).toBe(24);
    const ranks = near.map((p) => rankIn('Ogun')(p.store.state));
    expect(ranks.slice(0, 6)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(ranks.slice(6, 12)).toEqual([1, 1, 1, 1, 1, 1]); // Lagos borders Ogun
    expect(ranks.slice(12).every((r) => r === 0)).toBe(true);
    for (let i = 1; i < near.length; i++)
      if (ranks[i] === ranks[i - 1]) expect(near[i].prod_id).toBeLessThan(near[i - 1].prod_id);
    // Without near: newest first, as before.
    const plain = await walk('/api/products/categories/602/', 50);
    expect(plain.map((p) => p.prod_id)).toEqual(
      [...plain.map((p) => p.prod_id)].sort((a, b) => b - a),
    );
    expect((await t.get(`/api/products/categories/602/?near=abc`)).status).toBe(400);
  });

  it('parts for a car and found by search: nearer first inside each fit group, across pages', async () => {
    const [car] = await rows<{ make_id: number; model_id: number }>(
      t.handle.db,
      sql`select mk.id as make_id, md.id as model_id from car_makes mk join car_models md on md.make_id = mk.id
        where mk.name = 'Toyota' and md.name = 'Corolla'`,
    );
    const stores = await Promise.all(
      ['Kano', 'Lagos', 'Rivers', 'Ogun'].map(async (name) =>
        createStore(t.handle.db, { stateId: state.get(name)!, cityId: await cityOf(name) }),
      ),
    );
    // Interleaved states, all in stock from unverified stores: only the fit and nearness order them.
    const fits = { makeId: car.make_id, modelId: car.model_id, yearFrom: 2008, yearTo: 2013 };
    for (let i = 0; i < 12; i++) {
      await createProduct(t.handle.db, {
        store: stores[i % 4],
        catId: 602,
        name: `Farness Pad ${i}`,
        fitments: [fits],
      });
      // Warning triangles fit most cars.
      await createProduct(t.handle.db, {
        store: stores[i % 4],
        catId: 3405,
        name: `Farness Triangle ${i}`,
      });
    }
    const ogun = state.get('Ogun');
    const check = (items: any[], exact: number) => {
      const ranks = items.map((p) => rankIn('Ogun')(p.store.state));
      // Exact fits first (one group), then parts for most cars (another), each nearer first.
      for (const [from, to] of [
        [0, exact],
        [exact, items.length],
      ]) {
        const group = ranks.slice(from, to);
        if (!group.length) continue;
        expect(group).toEqual([...group].sort((a, b) => b - a));
        expect(group[0]).toBe(2);
      }
      expect(new Set(items.map((p) => p.prod_id)).size).toBe(items.length);
    };
    const carQuery = `carmake=${car.make_id}&carmodel=${car.model_id}&caryear=2010`;
    // A model: its exact fits are read and sorted, the parts for most cars walk in nearness groups.
    const items = (await walk(`/api/products/categories/0/?${carQuery}&near=${ogun}`, 5)).filter(
      (p) => p.name.startsWith('Farness'),
    );
    expect(items.slice(0, 12).every((p) => p.name.startsWith('Farness Pad'))).toBe(true);
    check(items, 12);
    const found = await walk(`/api/products/categories/0/?prodName=farness+pad&near=${ogun}`, 5);
    expect(found).toHaveLength(12);
    check(found, 12);
    const both = await walk(
      `/api/products/categories/0/?prodName=farness&${carQuery}&near=${ogun}`,
      5,
    );
    expect(both).toHaveLength(24);
    expect(both.slice(0, 12).every((p) => p.fit === 'exact')).toBe(true);
    check(both, 12);
  });

  it("the visitor's city first: inside their state, and before the rest of Nigeria", async () => {
    const lagos = state.get('Lagos')!;
    // The visitor's city: one with a seeded mechanic, so the mechanics list has something to put first.
    const [home] = await rows<{ id: number; name: string }>(
      t.handle.db,
      sql`select c.id, c.name from service_providers p join cities c on c.id = p.city_id
        where p.state_id = ${lagos} and p.kind = 'mechanic' order by p.sp_id limit 1`,
    );
    const [other] = await rows<{ id: number }>(
      t.handle.db,
      sql`select id from cities where state_id = ${lagos} and id <> ${home.id} order by id limit 1`,
    );
    const stores = await Promise.all([
      createStore(t.handle.db, { stateId: lagos, cityId: other.id }),
      createStore(t.handle.db, { stateId: state.get('Kano')!, cityId: await cityOf('Kano') }),
      createStore(t.handle.db, { stateId: lagos, cityId: home.id }),
      createStore(t.handle.db, { stateId: state.get('Ogun')!, cityId: await cityOf('Ogun') }),
    ]);
    // Interleaved, so newest first alone would mix the places.
    for (let i = 0; i < 16; i++)
      await createProduct(t.handle.db, {
        store: stores[i % 4],
        catId: 605,
        name: `City Part ${i}`,
      });
    const level = (p: any) =>
      p.store.state === 'Lagos' && p.store.city === home.name ? 3 : rankIn('Lagos')(p.store.state);

    // Limited to Lagos (the list's default for a Lagos visitor): their city, then the rest of Lagos.
    const near = `near=${lagos}&nearCity=${home.id}`;
    const inLagos = await walk(`/api/products/categories/605/?regionId=${lagos}&${near}`, 3);
    expect(inLagos.map(level)).toEqual([3, 3, 3, 3, 2, 2, 2, 2]);
    // All Nigeria: their city, the rest of Lagos, Ogun (a neighbour), then Kano.
    const all = await walk(`/api/products/categories/605/?${near}`, 3);
    expect(all.map(level)).toEqual([3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect(new Set(all.map((p) => p.prod_id)).size).toBe(16);

    // Mechanics in Lagos: their city's first, every one once.
    const mechs = await walk(`/api/mechanics/indexquery?regionId=${lagos}&${near}`, 4);
    const plain = await walk(`/api/mechanics/indexquery?regionId=${lagos}`, 50);
    expect(mechs.map((p) => p.sp_id).sort()).toEqual(plain.map((p) => p.sp_id).sort());
    const first = mechs.map((p) => (p.city === home.name ? 1 : 0));
    expect(first[0]).toBe(1);
    expect(first).toEqual([...first].sort((a, b) => b - a));

    // A list limited to another state puts nothing first.
    const kano = await walk(
      `/api/products/categories/605/?regionId=${state.get('Kano')}&${near}`,
      50,
    );
    expect(kano.map((p) => p.store.state)).toEqual(['Kano', 'Kano', 'Kano', 'Kano']);
  });
});
