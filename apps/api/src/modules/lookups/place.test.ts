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
});
