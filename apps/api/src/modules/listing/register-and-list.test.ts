import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { seedProviders } from '../providers/seed.ts';
import { ensureStores } from '../catalog/bulk.ts';
import { DEMO_PASSWORD, seedDemoOwners } from '../auth/seed.ts';

// Everyone registered is real and visible: a mechanic or tow operator who registers and fills
// in their listing is in the public lists and the search at once; every demo business has an
// owner account, so the admin lists and the public lists name the same people.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providersListCacheMs: 60_000 });
  await seedProviders(t.handle.db);
});
afterAll(() => t?.close());

const db = () => t.handle.db;
const place = async (city: string, state: string) =>
  (
    await rows<{ state_id: number; city_id: number }>(
      db(),
      sql`select s.id as state_id, c.id as city_id from cities c join states s on s.id = c.state_id
          where c.name = ${city} and s.name = ${state} limit 1`,
    )
  )[0];
const ids = (r: { body: { items: { sp_id: number }[] } }) => r.body.items.map((i) => i.sp_id);

describe(`registering is listing (${dbLabel()})`, () => {
  it('a new mechanic fills in the form once: the workshop is in the list, on its page and in the search', async () => {
    const { cookie } = await t.signIn('Mechanic');
    expect((await t.get('/api/provider/profile', { cookie })).body.item).toBeNull();
    const wuse = await place('Wuse', 'Federal Capital Territory');
    // Warm the list cache first: the new listing must still show at once.
    const before = await t.get(`/api/mechanics/indexquery?regionId=${wuse.state_id}`);
    const saved = await t.post(
      '/api/provider/profile',
      {
        companyName: 'Bello Diagnostics Wuse',
        mobileNumber: '0803 555 0101',
        stateId: wuse.state_id,
        cityId: wuse.city_id,
        address: '12 Aminu Kano Crescent',
        description: 'Computer diagnosis, AC and electrics.',
        days: ['Monday', 'Tuesday', 'Saturday'],
        specialityIds: [6],
        vehicleTypeIds: [],
      },
      { cookie },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toMatch(/workshop is listed/);
    const spId = saved.body.item.sp_id as number;
    expect(ids(before)).not.toContain(spId);
    expect(ids(await t.get(`/api/mechanics/indexquery?regionId=${wuse.state_id}`))).toContain(spId);
    expect(ids(await t.get('/api/mechanics/indexquery?speciality=6'))).toContain(spId);
    const page = await t.get(`/api/mechanics/${spId}`);
    expect(page.status).toBe(200);
    expect(page.body.item.company_name).toBe('Bello Diagnostics Wuse');
    const found = await t.get(`/api/search?q=${encodeURIComponent('mechanic wuse ac')}`);
    const mechanics = found.body.groups.find((g: { kind: string }) => g.kind === 'mechanic');
    expect(mechanics.providers.map((p: { sp_id: number }) => p.sp_id)).toContain(spId);
    // The admin list names its owner.
    const admin = await t.signIn('Admin');
    const listed = await t.get(
      `/api/admin/providers?q=${encodeURIComponent('Bello Diagnostics')}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(listed.body.items[0]).toMatchObject({ id: spId, owner: { name: expect.any(String) } });

    // A second save edits the same listing.
    const again = await t.post('/api/provider/profile', { description: 'Open late.' }, { cookie });
    expect(again.status).toBe(200);
    expect(again.body.item.sp_id).toBe(spId);
    const [{ n }] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_providers where company_name = 'Bello Diagnostics Wuse'`,
    );
    expect(n).toBe(1);
  });

  it('a first save without the essentials is refused beside each field, and lists nothing', async () => {
    const { cookie, user } = await t.signIn('Tow Van');
    const r = await t.post(
      '/api/provider/profile',
      { companyName: ' ', address: 'Lekki' },
      { cookie },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({
      companyName: expect.any(String),
      mobileNumber: expect.any(String),
      stateId: expect.any(String),
      cityId: expect.any(String),
    });
    const lagos = await place('Ikeja', 'Lagos');
    const wrongCity = await place('Wuse', 'Federal Capital Territory');
    const r2 = await t.post(
      '/api/provider/profile',
      {
        companyName: 'Eko Tow',
        mobileNumber: '08035550102',
        stateId: lagos.state_id,
        cityId: wrongCity.city_id,
      },
      { cookie },
    );
    expect(r2.status).toBe(400);
    expect(r2.body.fields.cityId).toMatch(/city of your state/);
    const [{ n }] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_providers where owner_user_id = ${user.id}`,
    );
    expect(n).toBe(0);
  });

  it('a suspended business cannot list itself again under a new listing', async () => {
    const { cookie, user } = await t.signIn('Mechanic');
    const lagos = await place('Ikeja', 'Lagos');
    const body = {
      companyName: 'Suspended Motors',
      mobileNumber: '08035550103',
      stateId: lagos.state_id,
      cityId: lagos.city_id,
    };
    expect((await t.post('/api/provider/profile', body, { cookie })).status).toBe(200);
    await db().execute(
      sql`update service_providers set active = false where owner_user_id = ${user.id}`,
    );
    const r = await t.post(
      '/api/provider/profile',
      { ...body, companyName: 'New Name Motors' },
      { cookie },
    );
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/suspended/);
    const [{ n }] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_providers where owner_user_id = ${user.id}`,
    );
    expect(n).toBe(1);
  });

  // Skipped on PGlite on purpose: it has one connection, so requests cannot race there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '300 first saves at once make one listing (PostgreSQL: PGlite has one connection)',
    async () => {
      const { cookie, user } = await t.signIn('Tow Van');
      const lagos = await place('Ikeja', 'Lagos');
      const body = {
        companyName: 'Race Towing',
        mobileNumber: '08035550104',
        stateId: lagos.state_id,
        cityId: lagos.city_id,
      };
      const all = await Promise.all(
        Array.from({ length: 300 }, () => t.post('/api/provider/profile', body, { cookie })),
      );
      expect(all.every((r) => r.status === 200)).toBe(true);
      const [{ n }] = await rows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from service_providers where owner_user_id = ${user.id}`,
      );
      expect(n).toBe(1);
    },
  );
});

describe(`demo businesses have owners (${dbLabel()})`, () => {
  it('gives every store, workshop and garage an owner account of its role, once', async () => {
    await ensureStores(db());
    await seedDemoOwners(db());
    const orphans = await rows<{ n: number }>(
      db(),
      sql`select (select count(*) from stores where owner_user_id is null)
        + (select count(*) from service_providers where owner_user_id is null) as n`,
    );
    expect(Number(orphans[0].n)).toBe(0);
    const wrongRole = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from service_providers p join users u on u.id = p.owner_user_id
          where (p.kind = 'mechanic' and u.role <> 'Mechanic') or (p.kind = 'towvan' and u.role <> 'Tow Van')`,
    );
    expect(wrongRole[0].n).toBe(0);
    const [{ n: users }] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users`,
    );
    await seedDemoOwners(db());
    const [{ n: again }] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users`,
    );
    expect(again).toBe(users);
    // An owner signs in and finds their own listing.
    const [{ sp_id }] = await rows<{ sp_id: number }>(
      db(),
      sql`select p.sp_id from service_providers p join users u on u.id = p.owner_user_id
          where p.kind = 'towvan' and u.email like 'owner-towvan-%' order by p.sp_id desc limit 1`,
    );
    const login = await t.post('/api/auth/login', {
      email: `owner-towvan-${sp_id}@demo.ng`,
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await t.get('/api/provider/profile', { cookie })).body.item.sp_id).toBe(sp_id);
  });
});
