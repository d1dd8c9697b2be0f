import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { placeIds } from '../checkout/testing.ts';

// Reviews of mechanics and tow vans: only the requester of a job whose offer from that provider
// they accepted reviews it, once per job; the provider answers once; staff hide with an audit entry.

const BRAKES = 8; // mechanic speciality
const SALOON = 1;
const FLATBED = 2;
const onServer = !!process.env.TEST_DATABASE_URL;

let t: TestApp;
let db: Db;
let ikeja: { stateId: number; cityId: number };

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  ikeja = await placeIds(db, 'Lagos', 'Ikeja');
});
afterAll(() => t?.close());

async function provider(kind: 'mechanic' | 'towvan') {
  const owner = await t.signIn(kind === 'mechanic' ? 'Mechanic' : 'Tow Van');
  const [sp] = await db
    .insert(s.serviceProviders)
    .values({
      kind,
      ownerUserId: owner.user.id,
      companyName: `${kind} of ${owner.user.name}`,
      mobileNumber: '08039998877',
      ...ikeja,
      availableDays: 0b1111111,
    })
    .returning();
  if (kind === 'mechanic')
    await db.insert(s.providerSpecialities).values({ spId: sp.spId, specialityId: BRAKES });
  else await db.insert(s.providerTowCapacities).values({ spId: sp.spId, capacityId: FLATBED });
  await db.insert(s.providerVehicleTypes).values({ spId: sp.spId, vehicleTypeId: SALOON });
  return { ...owner, sp };
}

/**
 * A job: the requester's broadcast, the provider's offer and, unless told, its acceptance, the
 * provider's "done" and the requester's confirmation.
 */
async function job(
  p: Awaited<ReturnType<typeof provider>>,
  o: {
    accept?: boolean;
    finish?: boolean;
    requester?: Awaited<ReturnType<TestApp['signIn']>>;
  } = {},
) {
  const requester = o.requester ?? (await t.signIn());
  const body =
    p.sp.kind === 'mechanic'
      ? { kind: 'mechanic', specialityId: BRAKES, vehicleTypeId: SALOON }
      : { kind: 'tow', vehicleTypeId: SALOON, towCapacityId: FLATBED };
  const req = await t.post(
    '/api/requests',
    { ...body, ...ikeja, description: 'Please help me today', urgency: 'today' },
    { cookie: requester.cookie },
  );
  expect(req.status).toBe(201);
  const id = req.body.item.id as number;
  const offer = await t.post(
    `/api/requests/${id}/offers`,
    { priceKobo: 1_500_000, arrivalMinutes: 30, note: 'On my way' },
    { cookie: p.cookie },
  );
  expect(offer.status).toBe(201);
  if (o.accept !== false) {
    const acc = await t.post(`/api/requests/${id}/offers/${offer.body.item.id}/accept`, undefined, {
      cookie: requester.cookie,
    });
    expect(acc.status).toBe(200);
    if (o.finish !== false) {
      expect((await t.post(`/api/requests/${id}/done`, {}, { cookie: p.cookie })).status).toBe(200);
      const ok = await t.post(`/api/requests/${id}/confirm`, {}, { cookie: requester.cookie });
      expect(ok.status).toBe(200);
    }
  }
  return { id, requester };
}

describe(`reviews of mechanics and tow vans (${dbLabel()})`, () => {
  it('a job is reviewed only after the provider marks it done and the requester confirms it (or 72 hours pass)', async () => {
    const van = await provider('towvan');
    const stranger = await t.signIn();
    const j = await job(van, { finish: false });
    const me = { cookie: j.requester.cookie };
    const tryReview = () => t.post(`/api/requests/${j.id}/review`, { rating: 1 }, me);
    // Accepted a minute ago, nothing done yet: no review.
    const early = await tryReview();
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once they mark the job done and you confirm it/);
    expect((await t.get(`/api/requests/${j.id}/review`, me)).body).toMatchObject({
      provider: { sp_id: van.sp.spId },
      reviewOpen: false,
    });
    // Nothing to confirm yet; only the accepted provider marks it done.
    expect((await t.post(`/api/requests/${j.id}/confirm`, {}, me)).status).toBe(409);
    expect((await t.post(`/api/requests/${j.id}/done`, {}, me)).status).toBe(400);
    expect(
      (await t.post(`/api/requests/${j.id}/done`, {}, { cookie: stranger.cookie })).status,
    ).toBe(404);
    const done = await t.post(`/api/requests/${j.id}/done`, {}, { cookie: van.cookie });
    expect(done.status).toBe(200);
    expect(done.body.item.doneAt).toBeTruthy();
    expect((await t.post(`/api/requests/${j.id}/done`, {}, { cookie: van.cookie })).status).toBe(
      409,
    );
    // The requester is told on the bell.
    const bell = await t.get('/api/notifications', me);
    expect(JSON.stringify(bell.body)).toMatch(/marked your job done/);
    // Done but not confirmed: still no review. The requester says it is not done.
    expect((await tryReview()).status).toBe(409);
    const no = await t.post(`/api/requests/${j.id}/not-done`, {}, me);
    expect(no.status).toBe(200);
    expect(no.body.item.doneAt).toBeNull();
    // Marked done again, and no word from the requester for 72 hours: the review opens.
    expect((await t.post(`/api/requests/${j.id}/done`, {}, { cookie: van.cookie })).status).toBe(
      200,
    );
    await db.execute(
      sql`update requests set done_at = now() - interval '72 hours 1 minute' where id = ${j.id}`,
    );
    expect((await t.get(`/api/requests/${j.id}/review`, me)).body.reviewOpen).toBe(true);
    expect((await tryReview()).status).toBe(201);

    // Confirmed by the requester: open at once.
    const k = await job(van);
    expect(
      (await t.get(`/api/requests/${k.id}/review`, { cookie: k.requester.cookie })).body,
    ).toMatchObject({ reviewOpen: true, item: null });
    const d = await t.get(`/api/requests/${k.id}`, { cookie: k.requester.cookie });
    expect(d.body.item.confirmedAt).toBeTruthy();
  });

  it('only the requester of an accepted job reviews its provider, once; lists show the average', async () => {
    const mech = await provider('mechanic');
    const stranger = await t.signIn();

    // An offer not accepted yet: refused, and the job names no provider yet.
    const open = await job(mech, { accept: false });
    const early = await t.post(
      `/api/requests/${open.id}/review`,
      { rating: 5 },
      { cookie: open.requester.cookie },
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/accepted their offer/);
    expect(
      (await t.get(`/api/requests/${open.id}/review`, { cookie: open.requester.cookie })).body,
    ).toMatchObject({ provider: null, item: null });

    const done = await job(mech);
    // Someone else's request is answered like a missing one; signed out is a 401.
    for (const cookie of [stranger.cookie, mech.cookie])
      expect(
        (await t.post(`/api/requests/${done.id}/review`, { rating: 1 }, { cookie })).status,
      ).toBe(404);
    expect((await t.post(`/api/requests/${done.id}/review`, { rating: 1 })).status).toBe(401);
    expect(
      (await t.post(`/api/requests/999999/review`, { rating: 1 }, { cookie: stranger.cookie }))
        .status,
    ).toBe(404);
    // Bad input is a 400 with a message.
    for (const bad of [{ rating: 0 }, { rating: 6 }, {}, { rating: 2.5 }]) {
      const r = await t.post(`/api/requests/${done.id}/review`, bad, {
        cookie: done.requester.cookie,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect(
      (await t.get(`/api/requests/${done.id}/review`, { cookie: done.requester.cookie })).body,
    ).toMatchObject({ provider: { sp_id: mech.sp.spId, kind: 'mechanic' }, item: null });

    const ok = await t.post(
      `/api/requests/${done.id}/review`,
      { rating: 4, body: '  Fixed the brakes   the same day. ' },
      { cookie: done.requester.cookie },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.item).toMatchObject({
      sp_id: mech.sp.spId,
      rating: 4,
      body: 'Fixed the brakes the same day.',
      verified: true,
      kind: 'mechanic',
      answer: null,
    });
    const again = await t.post(
      `/api/requests/${done.id}/review`,
      { rating: 1 },
      { cookie: done.requester.cookie },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already reviewed/);

    // A second job with the same provider: a second review, and the average of both.
    const second = await job(mech);
    expect(
      (
        await t.post(
          `/api/requests/${second.id}/review`,
          { rating: 5 },
          { cookie: second.requester.cookie },
        )
      ).status,
    ).toBe(201);
    const list = await t.get(`/api/providers/${mech.sp.spId}/reviews`);
    expect(list.status).toBe(200);
    expect(list.body.rating).toEqual({ count: 2, average: 4.5 });
    expect(list.body.items).toHaveLength(2);

    // A tow van reviewed after its job; a provider never reviewed answers zero.
    const tow = await provider('towvan');
    const towJob = await job(tow);
    await t.post(
      `/api/requests/${towJob.id}/review`,
      { rating: 2 },
      { cookie: towJob.requester.cookie },
    );
    const idle = await provider('mechanic');
    const summary = await t.get(
      `/api/providers/ratings?ids=${mech.sp.spId},${tow.sp.spId},${idle.sp.spId}`,
    );
    expect(summary.body.items).toEqual([
      { sp_id: mech.sp.spId, rating: { count: 2, average: 4.5 } },
      { sp_id: tow.sp.spId, rating: { count: 1, average: 2 } },
      { sp_id: idle.sp.spId, rating: { count: 0, average: null } },
    ]);
    expect((await t.get('/api/providers/ratings?ids=1,x')).status).toBe(400);
    expect((await t.get('/api/providers/999999/reviews')).status).toBe(404);
    // The figures are the raw rows' own.
    const [raw] = await rows<{ n: number; avg: number }>(
      db,
      sql`select count(*)::int as n, avg(rating)::float as avg from provider_reviews where sp_id = ${mech.sp.spId} and hidden_at is null`,
    );
    expect(raw).toEqual({ n: 2, avg: 4.5 });
  });

  it('the provider answers once; staff hide a review with an audit entry and it leaves the average', async () => {
    const tow = await provider('towvan');
    const a = await job(tow);
    const b = await job(tow);
    const ra = await t.post(
      `/api/requests/${a.id}/review`,
      { rating: 1, body: 'Rude!' },
      { cookie: a.requester.cookie },
    );
    await t.post(`/api/requests/${b.id}/review`, { rating: 5 }, { cookie: b.requester.cookie });
    const id = ra.body.item.id as number;

    // Only the provider reviewed answers, once.
    const other = await provider('towvan');
    expect(
      (
        await t.post(
          `/api/provider-reviews/${id}/answer`,
          { answer: 'No' },
          { cookie: other.cookie },
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.post(`/api/provider-reviews/${id}/answer`, { answer: '' }, { cookie: tow.cookie }))
        .status,
    ).toBe(400);
    const ans = await t.post(
      `/api/provider-reviews/${id}/answer`,
      { answer: 'We came in 30 minutes as promised.' },
      { cookie: tow.cookie },
    );
    expect(ans.status).toBe(200);
    expect(ans.body.item.answer).toBe('We came in 30 minutes as promised.');
    expect(
      (
        await t.post(
          `/api/provider-reviews/${id}/answer`,
          { answer: 'Again' },
          { cookie: tow.cookie },
        )
      ).status,
    ).toBe(409);
    const mine = await t.get('/api/provider-reviews/mine', { cookie: tow.cookie });
    expect(mine.body.items.map((r: { id: number }) => r.id)).toContain(id);

    // Staff only: hiding is audited and the review leaves the list and the average.
    expect(
      (
        await t.post(
          `/api/admin/provider-reviews/${id}/hide`,
          { note: 'Abusive' },
          { cookie: tow.cookie },
        )
      ).status,
    ).toBe(403);
    const admin = await t.signIn('Admin');
    const hid = await t.post(
      `/api/admin/provider-reviews/${id}/hide`,
      { note: 'Insults the provider' },
      { cookie: admin.cookie },
    );
    expect(hid.status).toBe(200);
    expect(hid.body.item.hidden).toBe(true);
    expect(
      (
        await t.post(
          `/api/admin/provider-reviews/${id}/hide`,
          { note: 'Again' },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await t.post(
          `/api/admin/provider-reviews/999999/hide`,
          { note: 'None' },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(404);
    const audit = await rows<{ action: string; actor_id: string; note: string }>(
      db,
      sql`select action, actor_id, note from audit_log where target_type = 'provider_review' and target_id = ${String(id)}`,
    );
    expect(audit).toEqual([
      { action: 'review.hide', actor_id: admin.user.id, note: 'Insults the provider' },
    ]);
    const list = await t.get(`/api/providers/${tow.sp.spId}/reviews`);
    expect(list.body.rating).toEqual({ count: 1, average: 5 });
    expect(list.body.items.map((r: { id: number }) => r.id)).not.toContain(id);
    const all = await t.get('/api/admin/provider-reviews', { cookie: admin.cookie });
    expect(all.body.items.find((r: { id: number }) => r.id === id)).toMatchObject({ hidden: true });
  });

  // PostgreSQL only: PGlite has one connection, so the reviews cannot race there.
  it.skipIf(!onServer)(
    '300 simultaneous second reviews of one job: exactly one more succeeds (PostgreSQL server: PGlite runs one query at a time, so it cannot race)',
    async () => {
      const mech = await provider('mechanic');
      const j = await job(mech);
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          t.post(
            `/api/requests/${j.id}/review`,
            { rating: 1 + (i % 5) },
            { cookie: j.requester.cookie },
          ),
        ),
      );
      const codes = answers.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(299);
      const [n] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from provider_reviews where request_id = ${j.id}`,
      );
      expect(n.n).toBe(1);
    },
  );
});
