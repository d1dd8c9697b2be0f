import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { seedCatalog } from '../catalog/seed.ts';
import { seedProviders } from '../providers/seed.ts';
import { lookupsRepository } from '../lookups/repository.ts';
import { understand, vocabulary, type Vocabulary } from './understand.ts';
import type { SearchAnswer } from './types.ts';

let t: TestApp;
let v: Vocabulary;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.handle.db, { products: 900 });
  await seedProviders(t.handle.db);
  const l = lookupsRepository(t.handle.db);
  v = vocabulary({
    states: await l.states(),
    cities: await l.allCities(),
    specialities: await l.specialities(),
    vehicleTypes: await l.vehicleTypes(),
  });
});
afterAll(() => t?.close());

const search = async (q: string) => {
  const r = await t.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as SearchAnswer;
};
const placeId = (name: string, state: string) => {
  const st = v.places.get(state.toLowerCase())!.find((p) => p.kind === 'state')!;
  return v.places.get(name.toLowerCase())!.find((p) => p.stateId === st.stateId)!.id;
};

describe(`the home search reads what buyers type (${dbLabel()})`, () => {
  it('reads kind, place and speciality out of the text', () => {
    const tow = understand('Tow van Lekki', v);
    expect(tow).toMatchObject({ kinds: ['towvan'], placeName: 'Lekki', partText: '' });
    expect(tow.cityId).toBe(placeId('Lekki', 'Lagos'));

    const ac = understand('mechanic wuse ac', v);
    expect(ac).toMatchObject({ kinds: ['mechanic'], placeName: 'Wuse', specialityId: 6 });
    expect(ac.cityId).toBe(placeId('Wuse', 'Federal Capital Territory'));

    expect(understand('towing near lekki phase 1', v)).toMatchObject({
      kinds: ['towvan'],
      placeName: 'Lekki Phase 1',
    });
    expect(understand('panel beater in abuja', v)).toMatchObject({
      kinds: [],
      placeName: 'Abuja',
      specialityId: 4,
    });
    expect(understand('AC mechanic', v)).toMatchObject({ kinds: ['mechanic'], specialityId: 6 });
    expect(understand('vulcaniser ikeja', v)).toMatchObject({
      placeName: 'Ikeja',
      specialityId: 10,
    });
    expect(understand('tow van for bus lagos', v)).toMatchObject({
      kinds: ['towvan'],
      placeName: 'Lagos',
      vehicleTypeId: 4,
    });
    expect(understand('spare parts ikeja', v)).toMatchObject({ kinds: ['part'], partText: '' });
  });

  it('reads no place in what buyers ask for parts', () => {
    for (const q of [
      'corolla headlamp',
      'brake pads',
      'shock absorber',
      'side mirror',
      'engine oil',
      'tokunbo gearbox',
      'fan belt',
      'spark plug',
      'radiator hose',
      'alternator',
      'toyota camry 2010 front bumper',
      'honda accord tail light',
      'wiper blades',
      'fuel pump',
      'clutch plate',
      'ball joint',
      'rack end',
      'air filter',
      'tyre 205/55 r16',
      'battery 75ah',
    ]) {
      const u = understand(q, v);
      expect(u.stateId, `${q} → ${u.placeName}`).toBeUndefined();
      expect(u.kinds, q).toEqual([]);
    }
  });

  it("'tow van lekki' lists tow vans in Lekki (or in Lagos, said so), nothing else", async () => {
    const a = await search('tow van lekki');
    expect(a.groups.map((g) => g.kind)).toEqual(['towvan']);
    const [g] = a.groups;
    expect(g.providers.length).toBeGreaterThan(0);
    for (const p of g.providers) {
      expect(p.kind).toBe('towvan');
      if (!g.widened) expect(p.city).toBe('Lekki');
      else if (g.where) expect(p.state).toBe('Lagos');
    }
    expect(g.href).toMatch(/^\/towvans\?regionId=\d+/);
  });

  it("'mechanic wuse ac' lists AC mechanics in Wuse or the FCT", async () => {
    const a = await search('mechanic wuse ac');
    expect(a.understood).toMatchObject({ kinds: ['mechanic'], place: 'Wuse', specialityId: 6 });
    const [g] = a.groups;
    expect(g.kind).toBe('mechanic');
    expect(g).toMatchObject({ widened: false, where: 'Wuse' });
    expect(g.providers.map((p) => p.company_name)).toContain('Wuse Benz Clinic');
    for (const p of g.providers) {
      expect(p.specialities!.some((s) => s.startsWith('AC Repair'))).toBe(true);
      expect(p.city).toBe('Wuse');
    }
    expect(g.href).toContain('speciality=6');
  });

  it('a part with a state: parts sold in that state first, brake mechanics there after', async () => {
    const a = await search('brake pads lagos');
    expect(a.groups.map((g) => g.kind)).toEqual(['part', 'mechanic']);
    const [parts, mechanics] = a.groups;
    expect(parts.parts.length).toBeGreaterThan(0);
    for (const p of parts.parts) {
      expect(p.store.state).toBe('Lagos');
      expect(p.name.toLowerCase()).toContain('brake');
    }
    expect(parts.href).toContain('prodName=brake+pads');
    expect(parts.where).toBe('Lagos');
    for (const m of mechanics.providers) {
      if (mechanics.where) expect(m.state).toBe('Lagos');
      expect(m.specialities).toContain('Brakes');
    }
  });

  it('a part alone: parts (and mechanics for its speciality); a place alone: everything near it', async () => {
    const part = await search('brake pads');
    expect(part.groups.map((g) => g.kind)).toEqual(['part', 'mechanic']);
    expect(part.groups[0].parts[0].name.toLowerCase()).toContain('brake');
    const plain = await search('wiper blades');
    expect(plain.groups.map((g) => g.kind)).toEqual(['part']);
    const place = await search('Ikeja');
    expect(place.groups.map((g) => g.kind)).toEqual(['part', 'mechanic', 'towvan']);
    expect(place.groups[0].where).toBe('Lagos');
  });

  it('refuses a text too short or too long with a message', async () => {
    for (const q of ['ab', 'x'.repeat(121)]) {
      const r = await t.get(`/api/search?q=${q}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/q/);
    }
  });
});
