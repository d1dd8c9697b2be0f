import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { makeId } from '../catalog/testing.ts';
import { placeIds } from '../checkout/testing.ts';
import { QUIET_AFTER_MS } from './service.ts';
import { listing } from './testing.ts';

// Who a request reaches (decision 0026): rings around the requester, nearest first, until five
// providers have it; the requester is told how many at once and may send it farther.

const ENGINE = 1;
const DIAGNOSTICS = 3;
const AC = 6;
const EXHAUST = 12;
const SALOON = 1;
const FLATBED = 2;

type Place = { stateId: number; cityId: number };
let t: TestApp;
let db: Db;
let toyota: number;
const at: Record<string, Place> = {};

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  toyota = await makeId(db, 'Toyota');
  for (const [state, city] of [
    ['Lagos', 'Ikeja'],
    ['Lagos', 'Ikeja GRA'],
    ['Lagos', 'Allen Avenue'],
    ['Lagos', 'Opebi'],
    ['Lagos', 'Ogba'],
    ['Lagos', 'Lekki'],
    ['Lagos', 'Surulere'],
    ['Ogun', 'Abeokuta'],
    ['Kano', 'Ajingi'],
  ])
    at[city] = await placeIds(db, state, city);
});
afterAll(() => t?.close());

const workshop = (city: string, speciality: number) =>
  listing(t, 'mechanic', at[city], { specialities: [speciality], vehicleTypes: [SALOON] });

const mechanicJob = (speciality: number, city = 'Ikeja') => ({
  kind: 'mechanic',
  specialityId: speciality,
  vehicleTypeId: SALOON,
  makeId: toyota,
  ...at[city],
  description: 'Please look at my car',
  urgency: 'today',
});

const incomingIds = async (cookie: string) =>
  ((await t.get('/api/requests/incoming', { cookie })).body.items as { id: number }[]).map(
    (i) => i.id,
  );

describe(`who a request reaches (${dbLabel()})`, () => {
  it('an Ikeja diagnostics request reaches the Ikeja GRA workshop next door, and says how many', async () => {
    const gra = await workshop('Ikeja GRA', DIAGNOSTICS);
    const area = [
      await workshop('Ikeja', DIAGNOSTICS),
      await workshop('Allen Avenue', DIAGNOSTICS),
      await workshop('Opebi', DIAGNOSTICS),
      await workshop('Ogba', DIAGNOSTICS),
    ];
    const lekki = await workshop('Lekki', DIAGNOSTICS);
    const buyer = await t.signIn('Buyer');
    const res = await t.post('/api/requests', mechanicJob(DIAGNOSTICS), { cookie: buyer.cookie });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/^Sent to 5 workshops in the Ikeja area/);
    expect(res.body.item.reach).toEqual({
      reached: 5,
      ring: 1,
      where: 'the Ikeja area',
      providers: 'workshops',
      quiet: false,
      canWiden: true,
      nextWhere: 'Lagos',
    });
    const id = res.body.item.id;
    for (const p of [gra, ...area]) expect(await incomingIds(p.cookie)).toContain(id);
    // Five nearby have it: the rest of the state is not asked yet.
    expect(await incomingIds(lekki.cookie)).not.toContain(id);
    // A request in Ikeja GRA reaches the Ikeja workshops the same way.
    const fromGra = await t.post('/api/requests', mechanicJob(DIAGNOSTICS, 'Ikeja GRA'), {
      cookie: buyer.cookie,
    });
    expect(fromGra.body.item.reach).toMatchObject({ reached: 5, ring: 1 });
  });

  it('with fewer than five nearby it goes ring by ring (state, bordering states) until five have it', async () => {
    const near = [
      await workshop('Ikeja GRA', AC),
      await workshop('Lekki', AC),
      await workshop('Lekki', AC),
      await workshop('Surulere', AC),
      await workshop('Abeokuta', AC),
    ];
    const kano = await workshop('Ajingi', AC);
    const buyer = await t.signIn('Buyer');
    const res = await t.post('/api/requests', mechanicJob(AC), { cookie: buyer.cookie });
    expect(res.body.item.reach).toMatchObject({
      reached: 5,
      ring: 3,
      where: 'Lagos and the states around it',
      canWiden: true,
      nextWhere: 'all Nigeria',
    });
    for (const p of near) expect(await incomingIds(p.cookie)).toContain(res.body.item.id);
    // A workshop has to come: it does not go beyond the bordering states by itself.
    expect(await incomingIds(kano.cookie)).not.toContain(res.body.item.id);
  });

  it('nobody matched: the buyer is told at once and widens to the next ring', async () => {
    const kano = await workshop('Ajingi', EXHAUST);
    const buyer = await t.signIn('Buyer');
    const res = await t.post('/api/requests', mechanicJob(EXHAUST), { cookie: buyer.cookie });
    const id = res.body.item.id;
    expect(res.body.message).toMatch(/^No workshops match this request in Lagos and the states/);
    expect(res.body.item.reach).toMatchObject({ reached: 0, quiet: true, canWiden: true });

    const stranger = await t.signIn('Buyer');
    expect(
      (await t.post(`/api/requests/${id}/widen`, {}, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await t.post(`/api/requests/${id}/widen`, {})).status).toBe(401);

    const wide = await t.post(`/api/requests/${id}/widen`, {}, { cookie: buyer.cookie });
    expect(wide.status).toBe(200);
    expect(wide.body.message).toBe('Sent to 1 workshop more, in all Nigeria');
    expect(wide.body.item.reach).toMatchObject({
      reached: 1,
      ring: 4,
      where: 'all Nigeria',
      canWiden: false,
      nextWhere: '',
    });
    expect(await incomingIds(kano.cookie)).toContain(id);
    const again = await t.post(`/api/requests/${id}/widen`, {}, { cookie: buyer.cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request already goes to all Nigeria');
  });

  it('a wider ring with nobody new says so; a closed request is not sent farther', async () => {
    const lekki = await workshop('Lekki', ENGINE);
    const buyer = await t.signIn('Buyer');
    // Nobody in Ikeja's area: ring 1 … 3 are tried at once and Lekki (ring 2) has it.
    const res = await t.post('/api/requests', mechanicJob(ENGINE), { cookie: buyer.cookie });
    expect(res.body.item.reach).toMatchObject({ reached: 1, ring: 3 });
    expect(await incomingIds(lekki.cookie)).toContain(res.body.item.id);
    // All Nigeria has nobody more: said plainly, and the request stays open for new ones.
    const wide = await t.post(
      `/api/requests/${res.body.item.id}/widen`,
      {},
      {
        cookie: buyer.cookie,
      },
    );
    expect(wide.status).toBe(200);
    expect(wide.body.message).toMatch(/^No more workshops in all Nigeria/);

    const other = await t.post('/api/requests', mechanicJob(ENGINE), { cookie: buyer.cookie });
    await t.post(`/api/requests/${other.body.item.id}/close`, {}, { cookie: buyer.cookie });
    const closed = await t.post(
      `/api/requests/${other.body.item.id}/widen`,
      {},
      {
        cookie: buyer.cookie,
      },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
  });

  it('nobody answered in the set time: quiet, and an offer ends it', async () => {
    const van = await listing(t, 'towvan', at['Ikeja GRA'], { capacities: [FLATBED] });
    const buyer = await t.signIn('Buyer');
    const res = await t.post(
      '/api/requests',
      {
        kind: 'tow',
        vehicleTypeId: SALOON,
        towCapacityId: FLATBED,
        ...at.Ikeja,
        description: 'Car will not start',
        urgency: 'today',
      },
      { cookie: buyer.cookie },
    );
    const id = res.body.item.id;
    expect(res.body.message).toMatch(/^Sent to 1 tow van in /);
    expect(res.body.item.reach.quiet).toBe(false);
    // The tow was sent a quarter of an hour ago (moved back rather than waited for).
    await db.execute(
      sql`update requests set created_at = now() - ${QUIET_AFTER_MS.tow + 1000} * interval '1 millisecond' where id = ${id}`,
    );
    const quiet = await t.get(`/api/requests/${id}`, { cookie: buyer.cookie });
    expect(quiet.body.item.reach).toMatchObject({ quiet: true, canWiden: true });
    await t.post(
      `/api/requests/${id}/offers`,
      { priceKobo: 2_000_000, arrivalMinutes: 30 },
      { cookie: van.cookie },
    );
    const answered = await t.get(`/api/requests/${id}`, { cookie: buyer.cookie });
    expect(answered.body.item.reach.quiet).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'many widenings at once send each ring once: one notice per provider',
    async () => {
      const far = [await workshop('Ajingi', 14), await workshop('Ajingi', 14)];
      const buyer = await t.signIn('Buyer');
      const res = await t.post('/api/requests', mechanicJob(14), { cookie: buyer.cookie });
      const id = res.body.item.id;
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          t.post(`/api/requests/${id}/widen`, {}, { cookie: buyer.cookie }),
        ),
      );
      const codes = answers.map((a) => a.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const [n] = await rows<{ recipients: number; notices: number }>(
        db,
        sql`select (select count(*)::int from request_recipients where request_id = ${id}) as recipients,
          (select count(*)::int from notifications where type = 'request.new'
             and user_id in (${sql.join(
               far.map((f) => sql`${f.user.id}::uuid`),
               sql`, `,
             )})) as notices`,
      );
      expect(n).toEqual({ recipients: 2, notices: 2 });
    },
  );
});
