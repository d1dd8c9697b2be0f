import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
