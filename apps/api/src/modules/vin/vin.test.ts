import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARAGE_MAX_CARS } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { vpicDecoder } from './decoder.ts';
import { matchModel, titleCase } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`VIN decoder (${dbLabel()})`, () => {
  it('decodes a real VIN: 1HGCM82633A004352 is a 2003 Honda Accord, matched to our make and model', async () => {
    const t0 = performance.now();
    const { status, body } = await t.get('/api/vin/decode/1HGCM82633A004352');
    const firstMs = performance.now() - t0;
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    const car = body.items[0];
    expect(car).toMatchObject({
      vin: '1HGCM82633A004352',
      valid: true,
      completeness: 'full',
      checkDigit: 'ok',
      warnings: [],
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      body: 'Coupe',
      fuel: 'Gasoline',
      plantCountry: 'United States',
      region: 'North America',
      makeId: 474,
      modelId: 1861,
    });
    expect(car.engine).toMatchObject({ cylinders: 6 });
    const t1 = performance.now();
    const again = await t.get('/api/vin/decode?vin=1hgcm8-2633a004352');
    const cachedMs = performance.now() - t1;
    expect(again.body.items[0]).toEqual(car);
    const t2 = performance.now();
    await t.get('/api/vin/decode/5YJ3E1EA8KF000001');
    const otherMs = performance.now() - t2;
    const { timings } = vpicDecoder(undefined);
    console.log(
      `[vin timing] first decode ${firstMs.toFixed(0)} ms (unpack ${timings.unpackMs} ms, open ${timings.openMs} ms), cached ${cachedMs.toFixed(1)} ms, another VIN ${otherMs.toFixed(0)} ms`,
    );
  });

  it('decodes a Nigerian-market Toyota with a check-digit warning only', async () => {
    const { status, body } = await t.get('/api/vin/decode/JTEBU5JR2A5012345');
    expect(status).toBe(200);
    const car = body.items[0];
    expect(car).toMatchObject({
      make: 'Toyota',
      makeId: 448,
      year: 2010,
      checkDigit: 'mismatch',
      plantCountry: 'Japan',
      plantCity: 'Tahara',
    });
    expect(car.model).toBe('4Runner');
    expect(car.modelId).toBe(2216);
    expect(car.engine).toMatchObject({ cylinders: 6, displacementL: 4 });
    expect(car.warnings.map((w: any) => w.code)).toContain('CHECK_DIGIT');
  });

  it('says clearly when only the maker is known', async () => {
    const { status, body } = await t.get('/api/vin/decode/WDB2030461A123456');
    expect(status).toBe(200);
    const car = body.items[0];
    expect(car).toMatchObject({
      completeness: 'make-only',
      make: 'Mercedes-Benz',
      model: null,
      makeId: 449,
      modelId: null,
      plantCountry: 'Germany',
    });
    expect(car.message).toMatch(/Only the maker is known/);
  });

  it('decodes a European VIN without a check digit (a letter at position 9): a warning, not a refusal', async () => {
    const { status, body } = await t.get('/api/vin/decode/WVWZZZ1JZXW000001');
    expect(status).toBe(200);
    const car = body.items[0];
    expect(car.make).toBe('Volkswagen');
    expect(car.makeId).toBe(482);
    expect(car.warnings.map((w: any) => w.code)).toContain('CHECK_DIGIT');
  });

  it('answers a well-formed VIN of an unknown maker with completeness none', async () => {
    const { status, body } = await t.get('/api/vin/decode/AAA11111111111111');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({
      completeness: 'none',
      make: null,
      makeId: null,
      plantCountry: 'South Africa',
    });
    expect(body.items[0].message).toMatch(/not in the NHTSA data/);
  });

  it('refuses malformed VINs with the reason, never a 5xx', async () => {
    const cases: [string, RegExp][] = [
      ['1HGCM82633A00435', /^A VIN has 17 characters; this one has 16$/],
      ['1HGCO82633A004352', /^VINs never contain I, O or Q: found O at position 5$/],
      ['1HGCM82633A00435%2A', /found "\*" at position 17/],
      ['%20%20', /Enter the VIN/],
    ];
    for (const [vin, reason] of cases) {
      const { status, body } = await t.get(`/api/vin/decode/${vin}`);
      expect(status, vin).toBe(400);
      expect(body).toMatchObject({ status: false, code: 'BAD_REQUEST' });
      expect(body.message).toMatch(reason);
    }
    expect((await t.get(`/api/vin/decode/${'1'.repeat(41)}`)).status).toBe(400);
    expect((await t.get('/api/vin/decode')).status).toBe(400);
    expect((await t.get('/api/vin/decode?vin=')).status).toBe(400);
  });
});

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

describe('name matching and formatting', () => {
  const models = [
    { name: 'Corolla' },
    { name: 'Matrix' },
    { name: 'Land Cruiser' },
    { name: 'Land Cruiser Prado' },
    { name: 'Camry' },
  ];
  it('matches vPIC model names to ours', () => {
    expect(matchModel('CAMRY', models)?.name).toBe('Camry');
    expect(matchModel('Corolla Matrix', models)?.name).toBe('Matrix');
    expect(matchModel('Land Cruiser Prado', models)?.name).toBe('Land Cruiser Prado');
    expect(matchModel('Land Cruiser 200', models)?.name).toBe('Land Cruiser');
    expect(matchModel('Sienna', models)).toBeUndefined();
  });
  it('title-cases vPIC capitals', () => {
    expect(titleCase('UNITED STATES (USA)')).toBe('United States (USA)');
    expect(titleCase('TOYOTA CITY')).toBe('Toyota City');
    expect(titleCase(null)).toBeNull();
  });
});
