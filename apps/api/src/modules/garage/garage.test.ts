import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { GARAGE_MAX_CARS } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`my garage (${dbLabel()})`, () => {
  it('is for signed-in users only', async () => {
    expect((await t.get('/api/garage')).status).toBe(401);
    expect((await t.post('/api/garage', { makeId: 474 })).status).toBe(401);
    expect((await t.del('/api/garage/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('saves a decoded car, lists it, refuses a duplicate and deletes it', async () => {
    const { cookie } = await t.signIn('Buyer');
    const saved = await t.post(
      '/api/garage',
      {
        vin: '1hgcm82633a004352',
        makeId: 474,
        modelId: 1861,
        year: 2003,
        nickname: '  Mummy’s   Accord ',
      },
      { cookie },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.items[0]).toMatchObject({
      vin: '1HGCM82633A004352',
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      nickname: 'Mummy’s Accord',
      id: expect.any(String),
    });
    const dup = await t.post('/api/garage', { vin: '1HGCM82633A004352', makeId: 474 }, { cookie });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already in your garage/);
    const noVin = await t.post(
      '/api/garage',
      { makeId: 448, modelId: 2208, year: 2010 },
      { cookie },
    );
    expect(noVin.status).toBe(201);
    expect(
      (await t.post('/api/garage', { makeId: 448, modelId: 2208, year: 2010 }, { cookie })).status,
    ).toBe(409);
    const list = await t.get('/api/garage', { cookie });
    expect(list.body.items.map((c: any) => c.model)).toEqual(['Corolla', 'Accord']);
    const removed = await t.del(`/api/garage/${saved.body.items[0].id}`, { cookie });
    expect(removed.status).toBe(200);
    expect((await t.get('/api/garage', { cookie })).body.items.map((c: any) => c.model)).toEqual([
      'Corolla',
    ]);
    expect((await t.del(`/api/garage/${saved.body.items[0].id}`, { cookie })).status).toBe(404);
  });

  it("hides another user's car: 404 on delete, not in their list", async () => {
    const a = await t.signIn('Buyer');
    const b = await t.signIn('Mechanic');
    const car = (await t.post('/api/garage', { makeId: 474, modelId: 1863 }, { cookie: a.cookie }))
      .body.items[0];
    expect((await t.del(`/api/garage/${car.id}`, { cookie: b.cookie })).status).toBe(404);
    expect((await t.get('/api/garage', { cookie: b.cookie })).body.items).toEqual([]);
    expect((await t.get('/api/garage', { cookie: a.cookie })).body.items).toHaveLength(1);
    // The same VIN may sit in two users' garages.
    expect(
      (await t.post('/api/garage', { vin: 'JTEBU5JR2A5012345', makeId: 448 }, { cookie: a.cookie }))
        .status,
    ).toBe(201);
    expect(
      (await t.post('/api/garage', { vin: 'JTEBU5JR2A5012345', makeId: 448 }, { cookie: b.cookie }))
        .status,
    ).toBe(201);
  });

  it(`keeps at most ${GARAGE_MAX_CARS} cars`, async () => {
    const { cookie } = await t.signIn('Buyer');
    for (let y = 0; y < GARAGE_MAX_CARS; y++)
      expect(
        (await t.post('/api/garage', { makeId: 448, modelId: 2469, year: 2000 + y }, { cookie }))
          .status,
      ).toBe(201);
    const full = await t.post(
      '/api/garage',
      { makeId: 448, modelId: 2469, year: 2015 },
      { cookie },
    );
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({
      code: 'GARAGE_FULL',
      message: expect.stringMatching(/up to 10 cars/),
    });
    expect((await t.get('/api/garage', { cookie })).body.items).toHaveLength(GARAGE_MAX_CARS);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const { cookie } = await t.signIn('Buyer');
    const bad: [unknown, RegExp][] = [
      [{ vin: '1HGCO82633A004352', makeId: 474 }, /never contain I, O or Q/],
      [{ makeId: 99999999 }, /No car make/],
      [{ makeId: 474, modelId: 2208 }, /Honda has no model/],
      [{ makeId: 474, year: 1900 }, /year/],
      [{ makeId: 474, year: 2099 }, /year/],
      [{ makeId: 'honda' }, /makeId/],
      [{ modelId: 1861 }, /makeId/],
      [{ makeId: 474, nickname: 'x'.repeat(41) }, /nickname/],
    ];
    for (const [payload, msg] of bad) {
      const r = await t.post('/api/garage', payload, { cookie });
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    expect((await t.del('/api/garage/not-a-uuid', { cookie })).status).toBe(400);
    expect((await t.get('/api/garage', { cookie })).body.items).toEqual([]);
  });
});

describe(`my garage from the pickers, without a VIN (${dbLabel()})`, () => {
  type Opt = { label: string; value: number };
  const pick = async (path: string, label: string) =>
    ((await t.get(path)).body.items as Opt[]).find((o) => o.label === label)!.value;

  it('make, model, year from the lookups, and an engine size, are a car', async () => {
    const { cookie } = await t.signIn('Buyer');
    // The chain the page walks: makes, the make's models, the model's years.
    const toyota = await pick('/api/database/cars/make', 'Toyota');
    const corolla = await pick(`/api/database/cars/model/${toyota}`, 'Corolla');
    const years = (await t.get(`/api/database/cars/year/${corolla}`)).body.items as Opt[];
    expect(years.map((y) => y.value)).toContain(2010);
    const saved = await t.post(
      '/api/garage',
      { makeId: toyota, modelId: corolla, year: 2010, engine: '1.8 L' },
      { cookie },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.items[0]).toMatchObject({
      vin: null,
      make: 'Toyota',
      model: 'Corolla',
      year: 2010,
      engine: '1.8',
    });
    // A make alone is a car too (model and year unknown), once.
    const makeOnly = await t.post('/api/garage', { makeId: toyota }, { cookie });
    expect(makeOnly.status).toBe(201);
    expect(makeOnly.body.items[0]).toMatchObject({ model: null, year: null, engine: null });
    expect((await t.get('/api/garage', { cookie })).body.items).toHaveLength(2);
  });

  it('refuses a year the model was not made in, a model of another make and a wrong engine', async () => {
    const { cookie } = await t.signIn('Buyer');
    const toyota = await pick('/api/database/cars/make', 'Toyota');
    const honda = await pick('/api/database/cars/make', 'Honda');
    const corolla = await pick(`/api/database/cars/model/${toyota}`, 'Corolla');
    const venza = await pick(`/api/database/cars/model/${toyota}`, 'Venza');
    const venzaYears = ((await t.get(`/api/database/cars/year/${venza}`)).body.items as Opt[]).map(
      (y) => y.value,
    );
    const before = Math.min(...venzaYears) - 1;
    const early = await t.post(
      '/api/garage',
      { makeId: toyota, modelId: venza, year: before },
      { cookie },
    );
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(
      new RegExp(
        `^The Toyota Venza was made from ${before + 1} to \\d{4}: choose a year in that range$`,
      ),
    );
    const otherMake = await t.post('/api/garage', { makeId: honda, modelId: corolla }, { cookie });
    expect(otherMake.status).toBe(400);
    expect(otherMake.body.message).toBe(`Honda has no model with id ${corolla}`);
    for (const engine of ['18', '0.2', '1.85', 'big', '12.0']) {
      const bad = await t.post(
        '/api/garage',
        { makeId: toyota, modelId: corolla, year: 2010, engine },
        { cookie },
      );
      expect(bad.status, engine).toBe(400);
      expect(bad.body.message).toMatch(/engine size in litres, like 1\.8/);
    }
    expect((await t.get('/api/garage', { cookie })).body.items).toEqual([]);
  });
});

describe(`my garage under concurrency (${dbLabel()})`, () => {
  // Limits decided by one statement: whatever arrives at once, the rule holds.
  const N = 200;
  const carsOf = async (userId: string) =>
    (
      await rows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from garage_cars where user_id = ${userId}`,
      )
    )[0].n;

  it(`keeps at most ${GARAGE_MAX_CARS} cars when ${N} saves arrive at once`, async () => {
    const { user, cookie } = await t.signIn('Buyer');
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          '/api/garage',
          // Camry years (1983 on): 40 distinct cars, more than the garage holds.
          { makeId: 448, modelId: 2469, year: 1983 + (i % 40), nickname: `${i}` },
          { cookie },
        ),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(GARAGE_MAX_CARS);
    expect(res.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await carsOf(user.id)).toBe(GARAGE_MAX_CARS);
  }, 120_000);

  it(`keeps one of ${N} identical cars saved at once, with or without a VIN`, async () => {
    const { user, cookie } = await t.signIn('Buyer');
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          '/api/garage',
          i % 2
            ? { vin: '1HGCM82633A004352', makeId: 474 }
            : { makeId: 448, modelId: 2208, year: 2010 },
          { cookie },
        ),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = res.filter((r) => r.status === 409);
    expect(refused).toHaveLength(N - 2);
    expect(refused.every((r) => /already in your garage/.test(r.body.message))).toBe(true);
    expect(await carsOf(user.id)).toBe(2);
  }, 120_000);
});
