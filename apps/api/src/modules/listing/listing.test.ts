import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, withApp, type TestApp } from '../../test/helper.ts';
import { seedProviders } from '../providers/seed.ts';

let t: TestApp;
beforeAll(async () => {
  // The list cache on, as in production: a saved change must still show at once.
  t = await createTestApp({ providersListCacheMs: 60_000 });
  await seedProviders(t.handle.db);
});
afterAll(() => t?.close());

const db = () => t.handle.db;
/** The n-th seeded listing of a kind, handed to a new user of the matching role. */
async function provider(kind: 'mechanic' | 'towvan', n = 0) {
  const u = await t.signIn(kind === 'mechanic' ? 'Mechanic' : 'Tow Van');
  const [{ sp_id }] = await rows<{ sp_id: number }>(
    db(),
    sql`select sp_id from service_providers where kind = ${kind} and owner_user_id is null
        order by sp_id offset ${n} limit 1`,
  );
  await db().execute(
    sql`update service_providers set owner_user_id = ${u.user.id} where sp_id = ${sp_id}`,
  );
  return { ...u, spId: sp_id };
}
const snapshot = (spId: number) =>
  rows(
    db(),
    sql`select p.*,
      array(select speciality_id from provider_specialities where sp_id = p.sp_id order by 1) s,
      array(select capacity_id from provider_tow_capacities where sp_id = p.sp_id order by 1) c,
      array(select vehicle_type_id from provider_vehicle_types where sp_id = p.sp_id order by 1) v
      from service_providers p where sp_id = ${spId}`,
  );
const values = async (path: string) =>
  ((await t.get(path)).body.items as { label: string; value: number }[]).map((o) => o.value);

describe(`a provider's own listing (${dbLabel()})`, () => {
  it('a mechanic edits days, specialities, vehicle types and details; the page and filters show it at once', async () => {
    const m = await provider('mechanic');
    const got = await t.get('/api/provider/profile', { cookie: m.cookie });
    expect(got.status).toBe(200);
    expect(got.body.item).toMatchObject({
      sp_id: m.spId,
      kind: 'mechanic',
      url: `/mechanic/${m.spId}`,
    });

    const specs = await values('/api/mechanics/specialities');
    const types = await values('/api/database/vehicleType');
    const spec = specs[specs.length - 1];
    // Warm the list cache with a filter the listing does not match yet.
    const before = await t.get(`/api/mechanics/indexquery?speciality=${spec}&avaliability=sun`);
    const ids = (r: { body: { items: { sp_id: number }[] } }) => r.body.items.map((i) => i.sp_id);
    await db().execute(sql`delete from provider_specialities where sp_id = ${m.spId}`);
    await db().execute(
      sql`update service_providers set available_days = 2 where sp_id = ${m.spId}`,
    );
    expect(
      ids(await t.get(`/api/mechanics/indexquery?speciality=${spec}&avaliability=sun`)),
    ).toEqual(ids(before));

    const saved = await t.patch(
      '/api/provider/profile',
      {
        companyName: '  Musa   Auto Clinic ',
        mobileNumber: '0803 123 4567',
        phoneNumber: '',
        description: 'Engines and gearboxes.\nOpen early.',
        days: ['Sunday', 'Saturday'],
        specialityIds: [spec],
        vehicleTypeIds: [types[0]],
      },
      { cookie: m.cookie },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item).toMatchObject({
      company_name: 'Musa Auto Clinic',
      mobile_number: '0803 123 4567',
      phone_number: '',
      days: ['Sunday', 'Saturday'],
      speciality_ids: [spec],
      vehicle_type_ids: [types[0]],
    });
    const page = await t.get(`/api/mechanics/${m.spId}`);
    expect(page.body.item).toMatchObject({
      company_name: 'Musa Auto Clinic',
      description: 'Engines and gearboxes.\nOpen early.',
      days: ['Sunday', 'Saturday'],
      speciality_ids: [spec],
    });
    expect(
      ids(await t.get(`/api/mechanics/indexquery?speciality=${spec}&avaliability=sun`)),
    ).toContain(m.spId);
    expect(ids(await t.get('/api/mechanics/indexquery?avaliability=monday'))).not.toContain(m.spId);

    // A form post (POST) does the same; a state and a city of it move the listing.
    const city = (
      await rows<{ id: number; state_id: number }>(
        db(),
        sql`select id, state_id from cities order by id desc limit 1`,
      )
    )[0];
    const moved = await t.post(
      '/api/provider/profile',
      { stateId: city.state_id, cityId: city.id },
      { cookie: m.cookie },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.item).toMatchObject({ state_id: city.state_id, city_id: city.id });
    expect(ids(await t.get(`/api/mechanics/indexquery?city=${city.id}`))).toContain(m.spId);
  });

  it('a tow van edits capacities and vehicle types of its garage', async () => {
    const v = await provider('towvan');
    const caps = await values('/api/sp-garage/towcapacity/master');
    const r = await t.patch(
      '/api/provider/profile',
      { capacityIds: [caps[0], caps[1]], days: [] },
      { cookie: v.cookie },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Your garage is saved');
    expect(r.body.item).toMatchObject({
      kind: 'towvan',
      capacity_ids: [caps[0], caps[1]],
      days: [],
    });
    expect((await t.get(`/api/towvans/${v.spId}`)).body.item.capacity_ids).toEqual([
      caps[0],
      caps[1],
    ]);
    // A tow van has no specialities: refused, nothing written.
    const before = await snapshot(v.spId);
    const bad = await t.patch(
      '/api/provider/profile',
      { companyName: 'Changed', specialityIds: [1] },
      { cookie: v.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.specialityIds).toBeTruthy();
    expect(await snapshot(v.spId)).toEqual(before);
  });

  it('only the owner changes a listing: 401 guest, 403 other roles, 404 another listing, nothing written', async () => {
    const m = await provider('mechanic', 1);
    const other = await provider('mechanic', 2);
    const before = await snapshot(other.spId);
    const mineBefore = await snapshot(m.spId);
    const change = { spId: other.spId, companyName: 'Hijacked', days: ['Monday'] };

    expect((await t.patch('/api/provider/profile', change)).status).toBe(401);
    expect((await t.get('/api/provider/profile')).status).toBe(401);
    for (const role of ['Buyer', 'Seller', 'Admin'] as const) {
      const u = await t.signIn(role);
      expect((await t.get('/api/provider/profile', { cookie: u.cookie })).status).toBe(403);
      expect((await t.patch('/api/provider/profile', change, { cookie: u.cookie })).status).toBe(
        403,
      );
      expect((await t.post('/api/provider/profile', change, { cookie: u.cookie })).status).toBe(
        403,
      );
    }
    // Another mechanic's workshop, by id: 404 for reading and writing.
    expect(
      (await t.get(`/api/provider/profile?spId=${other.spId}`, { cookie: m.cookie })).status,
    ).toBe(404);
    expect((await t.patch('/api/provider/profile', change, { cookie: m.cookie })).status).toBe(404);
    expect((await t.post('/api/provider/profile', change, { cookie: m.cookie })).status).toBe(404);
    // A tow van cannot reach a mechanic's workshop either.
    const v = await provider('towvan', 1);
    expect((await t.patch('/api/provider/profile', change, { cookie: v.cookie })).status).toBe(404);
    // A mechanic without a listing sees none; a change that is not a whole first listing
    // (register-and-list.test.ts) is refused and lists nothing.
    const fresh = await t.signIn('Mechanic');
    expect((await t.get('/api/provider/profile', { cookie: fresh.cookie })).body).toEqual({
      status: true,
      item: null,
    });
    expect((await t.patch('/api/provider/profile', change, { cookie: fresh.cookie })).status).toBe(
      404,
    );
    expect(
      (await t.patch('/api/provider/profile', { companyName: 'Mine' }, { cookie: fresh.cookie }))
        .status,
    ).toBe(400);

    expect(await snapshot(other.spId)).toEqual(before);
    expect(await snapshot(m.spId)).toEqual(mineBefore);
    expect((await t.get(`/api/mechanics/${other.spId}`)).body.item.company_name).not.toBe(
      'Hijacked',
    );
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const m = await provider('mechanic', 3);
    const before = await snapshot(m.spId);
    const otherState = (
      await rows<{ id: number; state_id: number }>(
        db(),
        sql`select c.id, c.state_id from cities c join service_providers p on p.sp_id = ${m.spId}
            where c.state_id <> p.state_id limit 1`,
      )
    )[0];
    for (const [body, field] of [
      [{ mobileNumber: '12' }, 'mobileNumber'],
      [{ phoneNumber: 'call me' }, 'phoneNumber'],
      [{ companyName: '   ' }, 'companyName'],
      [{ cityId: otherState.id }, 'cityId'],
      [{ stateId: otherState.state_id }, 'cityId'],
      [{ specialityIds: [999999] }, 'specialityIds'],
      [{ vehicleTypeIds: [999999] }, 'vehicleTypeIds'],
      [{ capacityIds: [1] }, 'capacityIds'],
    ] as const) {
      const r = await t.patch('/api/provider/profile', body, { cookie: m.cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields?.[field], JSON.stringify(r.body)).toBeTruthy();
    }
    for (const body of [
      { days: ['Funday'] },
      { days: ['Monday', 'Monday'] },
      { companyName: 'a\u0000b' },
      { specialityIds: [0] },
    ]) {
      const r = await t.patch('/api/provider/profile', body, { cookie: m.cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // A logo comes with picture uploads; an address typed in would point our pages at another
    // site (and the content policy would block it), so it is not taken.
    const logo = await t.patch(
      '/api/provider/profile',
      { companyLogo: 'https://evil.example/x.png' },
      { cookie: m.cookie },
    );
    expect(logo.body.item?.own_logo ?? null).toBeNull();
    expect(await snapshot(m.spId)).toEqual(before);
  });

  it('another server process drops its cached list pages before the answer leaves', async () => {
    const m = await provider('mechanic', 4);
    const ids = (r: { body: { items: { sp_id: number }[] } }) => r.body.items.map((i) => i.sp_id);
    await db().execute(
      sql`update service_providers set available_days = 0 where sp_id = ${m.spId}`,
    );
    await withApp({ db: db(), config: { providersListCacheMs: 60_000 } }, async (other) => {
      const url = '/api/mechanics/indexquery?avaliability=Wednesday';
      expect(ids(await other.get(url))).not.toContain(m.spId); // now cached there
      const r = await t.patch(
        '/api/provider/profile',
        { days: ['Wednesday'] },
        { cookie: m.cookie },
      );
      expect(r.status).toBe(200);
      expect(ids(await other.get(url))).toContain(m.spId);
    });
  });
});
