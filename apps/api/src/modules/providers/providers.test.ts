import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, schema as s } from '@sf/db';
import { sql } from 'drizzle-orm';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { DEMO_COUNTS, seedBenchProviders, seedProviders } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedProviders(t.handle.db);
});
afterAll(() => t?.close());

const list = async (url: string) => {
  const r = await t.get(url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { status: boolean; items: any[]; lastId: number | null; hasMore: boolean };
};
const lookup = async (path: string, label: string) => {
  const items = (await t.get(path)).body.items as { label: string; value: number }[];
  const hit = items.find((o) => o.label.startsWith(label));
  if (!hit) throw new Error(`no ${label} in ${path}`);
  return hit.value;
};

describe(`providers lists (${dbLabel()})`, () => {
  it('seeds at least 40 mechanics and 25 tow vans across 10+ states, idempotently', async () => {
    await seedProviders(t.handle.db); // second run: no-op
    const counts = await rows<{ kind: string; n: number; states: number }>(
      t.handle.db,
      sql`select kind, count(*)::int as n, count(distinct state_id)::int as states from service_providers group by kind order by kind`,
    );
    expect(counts).toEqual([
      { kind: 'mechanic', n: DEMO_COUNTS.mechanics, states: expect.any(Number) },
      { kind: 'towvan', n: DEMO_COUNTS.towvans, states: expect.any(Number) },
    ]);
    expect(DEMO_COUNTS.mechanics).toBeGreaterThanOrEqual(40);
    expect(DEMO_COUNTS.towvans).toBeGreaterThanOrEqual(25);
    const [{ states }] = await rows<{ states: number }>(
      t.handle.db,
      sql`select count(distinct state_id)::int as states from service_providers`,
    );
    expect(states).toBeGreaterThanOrEqual(10);
    const phones = await rows<{ mobile_number: string }>(
      t.handle.db,
      sql`select mobile_number from service_providers`,
    );
    for (const p of phones) expect(p.mobile_number).toMatch(/^0(70|80|81|90|91)\d{8}$/);
  });

  it('lists mechanics with the contract fields, verified first, then newest', async () => {
    const body = await list('/api/mechanics/indexquery');
    expect(body.status).toBe(true);
    expect(body.items).toHaveLength(DEMO_COUNTS.mechanics);
    expect(body.hasMore).toBe(false);
    const first = body.items[0];
    for (const k of [
      'sp_id',
      'company_name',
      'company_logo',
      'mobile_number',
      'phone_number',
      'city',
      'state',
      'verified',
      'days',
      'specialities',
      'vehicle_types',
    ])
      expect(first).toHaveProperty(k);
    expect(first.kind).toBe('mechanic');
    expect(first.capacities).toBeUndefined();
    const verified = body.items.map((i) => i.verified);
    expect(verified.indexOf(false)).toBeGreaterThan(0);
    expect(verified.slice(verified.indexOf(false))).not.toContain(true);
    const ids = body.items.filter((i) => i.verified).map((i) => i.sp_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.lastId).toBe(body.items[body.items.length - 1].sp_id);
    const tow = await list('/api/towvans/indexquery');
    expect(tow.items).toHaveLength(DEMO_COUNTS.towvans);
    expect(tow.items[0].capacities.length).toBeGreaterThan(0);
    expect(tow.items[0].specialities).toBeUndefined();
  });

  it('filters mechanics by state, city, speciality and vehicle type', async () => {
    const lagos = await lookup('/api/database/states/NG', 'Lagos');
    const ladipo = await lookup(`/api/database/cities/${lagos}`, 'Ladipo');
    const engine = await lookup('/api/mechanics/specialities', 'Engine');
    const electrical = await lookup('/api/mechanics/specialities', 'Auto Electrical');
    const okada = await lookup('/api/database/vehicleType', 'Motorcycle');

    const inLagos = await list(`/api/mechanics/indexquery?regionId=${lagos}`);
    expect(inLagos.items.length).toBeGreaterThan(5);
    expect(inLagos.items.every((i) => i.state === 'Lagos')).toBe(true);

    const atLadipo = await list(`/api/mechanics/indexquery?regionId=${lagos}&city=${ladipo}`);
    expect(atLadipo.items.map((i) => i.company_name)).toEqual(['Ladipo Auto Clinic']);

    const byEngine = await list(`/api/mechanics/indexquery?speciality=${engine}`);
    expect(byEngine.items.length).toBeGreaterThan(5);
    expect(
      byEngine.items.every((i) => i.specialities.some((x: string) => x.startsWith('Engine'))),
    ).toBe(true);

    const lagosElectric = await list(
      `/api/mechanics/indexquery?regionId=${lagos}&speciality=${electrical}`,
    );
    expect(lagosElectric.items.map((i) => i.company_name)).toContain('Mama Nkechi Rewire Centre');
    expect(
      lagosElectric.items.every(
        (i) =>
          i.state === 'Lagos' &&
          i.specialities.some((x: string) => x.startsWith('Auto Electrical')),
      ),
    ).toBe(true);

    const okadas = await list(`/api/mechanics/indexquery?vehicleType=${okada}`);
    expect(okadas.items.map((i) => i.company_name).sort()).toEqual([
      'Nnewi Genuine Parts & Repairs',
      'Nyanya Okada and Keke Repairs',
    ]);
    expect(
      okadas.items.every((i) => i.vehicle_types.some((v: string) => v.startsWith('Motorcycle'))),
    ).toBe(true);

    const none = await list(
      `/api/mechanics/indexquery?regionId=${lagos}&city=${ladipo}&speciality=${okada + 100}`,
    );
    expect(none.items).toEqual([]);
    expect(none.lastId).toBeNull();
  });

  it('filters by day with the old spelling avaliability and with availability, by name or number', async () => {
    const all = await list('/api/mechanics/indexquery');
    const openOn = (d: string) => all.items.filter((i) => i.days.includes(d)).map((i) => i.sp_id);
    const friday = openOn('Friday');
    const sunday = openOn('Sunday');
    expect(friday.length).toBeLessThan(all.items.length);
    expect(sunday.length).toBeGreaterThan(0);
    expect(sunday.length).toBeLessThan(all.items.length);
    for (const q of [
      'avaliability=Friday',
      'availability=Friday',
      'avaliability=5',
      'availability=friday',
      'avaliability=Fri',
    ]) {
      expect(
        (await list(`/api/mechanics/indexquery?${q}`)).items.map((i) => i.sp_id),
        q,
      ).toEqual(friday);
    }
    expect(
      (await list('/api/mechanics/indexquery?avaliability=0')).items.map((i) => i.sp_id),
    ).toEqual(sunday);
    expect(
      (await list('/api/towvans/indexquery?avaliability=Sunday')).items.every((i) =>
        i.days.includes('Sunday'),
      ),
    ).toBe(true);
  });

  it('filters tow vans by capacity, state and vehicle type', async () => {
    const wrecker = await lookup('/api/sp-garage/towcapacity/master', 'Heavy Wrecker');
    const tankers = await lookup('/api/database/vehicleType', 'Tanker');
    const lagos = await lookup('/api/database/states/NG', 'Lagos');
    const heavy = await list(`/api/towvans/indexquery?capacity=${wrecker}`);
    expect(heavy.items.length).toBeGreaterThan(2);
    expect(
      heavy.items.every((i) => i.capacities.some((c: string) => c.startsWith('Heavy Wrecker'))),
    ).toBe(true);
    const lagosHeavy = await list(
      `/api/towvans/indexquery?capacity=${wrecker}&regionId=${lagos}&vehicleType=${tankers}`,
    );
    expect(lagosHeavy.items.map((i) => i.company_name).sort()).toEqual([
      'Apapa Heavy Haulage Recovery',
      'Mile 2 Wreckers',
    ]);
    // a mechanics-only filter on the tow-van list is ignored, like any unknown query field
    expect((await list('/api/towvans/indexquery?speciality=1')).items).toHaveLength(
      DEMO_COUNTS.towvans,
    );
  });

  it('pages with lastId: no overlap, no gap, 50 at most, verified and boosted first', async () => {
    await seedBenchProviders(t.handle.db, 300);
    const all = await list('/api/mechanics/indexquery?pagesize=50');
    expect(all.items).toHaveLength(50);
    expect(all.hasMore).toBe(true);
    const seen: number[] = [];
    let lastId: number | null = null;
    let pages = 0;
    let prev: { rank: number; verified: boolean; sp_id: number } | null = null;
    do {
      const page = await list(
        `/api/mechanics/indexquery?pagesize=37${lastId ? `&lastId=${lastId}` : ''}&count=${pages}`,
      );
      pages++;
      for (const i of page.items) {
        if (prev) {
          const before =
            prev.rank > i.rank ||
            (prev.rank === i.rank &&
              (Number(prev.verified) > Number(i.verified) ||
                (prev.verified === i.verified && prev.sp_id > i.sp_id)));
          expect(before, `${JSON.stringify(prev)} before ${i.sp_id}`).toBe(true);
        }
        prev = i;
        seen.push(i.sp_id);
      }
      lastId = page.hasMore ? page.lastId : null;
      expect(pages).toBeLessThan(30);
    } while (lastId);
    const [{ n }] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from service_providers where kind = 'mechanic'`,
    );
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    expect((await list('/api/mechanics/indexquery?pagesize=50')).items[0].rank).toBeGreaterThan(0);
  });

  it('refuses bad input with 4xx, never 5xx', async () => {
    for (const q of [
      'pagesize=51',
      'pagesize=0',
      'pagesize=abc',
      'regionId=lagos',
      'regionId=-1',
      'city=1.5',
      'lastId=99999999999',
      'avaliability=Someday',
      'availability=7',
      'speciality=x',
      'count=-3',
      `avaliability=${'M'.repeat(40)}`,
    ]) {
      const r = await t.get(`/api/mechanics/indexquery?${q}`);
      expect(r.status, q).toBeGreaterThanOrEqual(400);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.status).toBe(false);
    }
    expect((await t.get('/api/towvans/indexquery?capacity=abc')).status).toBe(400);
    expect((await t.get('/api/providers/top?kind=plumber')).status).toBe(400);
    expect((await t.get('/api/providers/top')).status).toBe(400);
    // unknown ids simply match nothing
    expect((await list('/api/mechanics/indexquery?regionId=999&city=123456')).items).toEqual([]);
    expect(
      (await list('/api/mechanics/indexquery?lastId=1')).items.every((i) => i.sp_id !== 1),
    ).toBe(true);
  });
});

describe(`provider pages data (${dbLabel()})`, () => {
  it('gives one mechanic and one tow van with every field, 404 for the wrong kind or a missing id', async () => {
    const [m] = await t.handle.db
      .select()
      .from(s.serviceProviders)
      .where(sql`company_name = 'Ladipo Auto Clinic'`);
    const r = await t.get(`/api/mechanics/${m.spId}`);
    expect(r.status).toBe(200);
    expect(r.body.item).toMatchObject({
      sp_id: m.spId,
      kind: 'mechanic',
      company_name: 'Ladipo Auto Clinic',
      city: 'Ladipo',
      state: 'Lagos',
      verified: true,
      address: expect.stringContaining('Ladipo Street'),
      description: expect.stringMatching(/Ladipo Auto Clinic has served motorists in Ladipo/),
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      specialities: expect.arrayContaining(['Engine Repair and Overhaul']),
      vehicle_types: expect.arrayContaining(['Car (Saloon)']),
      company_logo: `/images/sp/${m.spId}.svg`,
    });
    expect((await t.get(`/api/towvans/${m.spId}`)).status).toBe(404);
    expect((await t.get('/api/mechanics/987654')).status).toBe(404);
    expect((await t.get('/api/mechanics/abc')).status).toBe(400);
    expect((await t.get('/api/mechanics/-4')).status).toBe(400);
    const sp = await t.get(`/api/sp/${m.spId}`);
    expect(sp.body.item.kind).toBe('mechanic');
    expect((await t.get('/api/sp/987654')).status).toBe(404);
    const tow = (await list('/api/towvans/indexquery')).items[0];
    const tr = await t.get(`/api/sp/${tow.sp_id}`);
    expect(tr.body.item).toMatchObject({
      kind: 'towvan',
      capacities: expect.any(Array),
      capacity_ids: expect.any(Array),
    });
    expect((await t.get(`/api/towvans/${tow.sp_id}`)).status).toBe(200);
  });

  it('keeps the static lookup route beside /api/mechanics/:id', async () => {
    expect((await t.get('/api/mechanics/specialities')).body.items.length).toBeGreaterThan(10);
    expect((await t.get('/api/mechanics/indexquery')).body.items.length).toBeGreaterThan(10);
  });

  it('serves the generated logo and the home page top providers', async () => {
    const top = await t.get('/api/providers/top?kind=towvan&limit=6');
    expect(top.status).toBe(200);
    expect(top.body.items).toHaveLength(6);
    expect(top.body.items.every((i: any) => i.kind === 'towvan')).toBe(true);
    expect(top.body.items[top.body.items.length - 1].verified || top.body.items[0].rank > 0).toBe(
      true,
    );
    const logo = await t.get(top.body.items[0].company_logo);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toMatch(/<svg[^>]+viewBox/);
    expect((await t.get('/images/sp/999999.svg')).status).toBe(404);
  });
});
