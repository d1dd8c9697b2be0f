import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId } from '../catalog/testing.ts';
import { placeIds } from '../checkout/testing.ts';

// A request written offline waits in the phone's outbox and may be sent twice (the page and the
// service worker, or a send whose answer was lost): its client key makes it one request
// (decision 0028). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const BRAKE_PADS = 601;
let t: TestApp;
let db: Db;
let request: (over?: Record<string, unknown>) => Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  const toyota = await makeId(db, 'Toyota');
  const ikeja = await placeIds(db, 'Lagos', 'Ikeja');
  const seller = await t.signIn('Seller');
  const store = await createStore(db, { ownerUserId: seller.user.id, ...ikeja });
  await createProduct(db, {
    store,
    catId: BRAKE_PADS,
    price: 25000,
    stock: 4,
    fitments: [{ makeId: toyota, yearFrom: 2000, yearTo: 2025 }],
  });
  request = (over = {}) => ({
    kind: 'part',
    catId: BRAKE_PADS,
    makeId: toyota,
    year: 2012,
    ...ikeja,
    description: 'Front brake pads, written offline',
    urgency: 'week',
    ...over,
  });
});
afterAll(() => t?.close());

const countOf = async (userId: string) =>
  (
    await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from requests where user_id = ${userId}`,
    )
  )[0].n;
const recipientsOf = async (id: number) =>
  (
    await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from request_recipients where request_id = ${id}`,
    )
  )[0].n;

describe(`a request's client key (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the same key sent again gives the same request, sent out once', async () => {
    const buyer = await t.signIn('Buyer');
    const first = await t.post('/api/requests', request({ clientKey: 'r-offline-1' }), {
      cookie: buyer.cookie,
    });
    expect(first.status).toBe(201);
    const again = await t.post('/api/requests', request({ clientKey: 'r-offline-1' }), {
      cookie: buyer.cookie,
    });
    expect(again.status).toBe(200);
    expect(again.body.item.id).toBe(first.body.item.id);
    expect(again.body.message).toMatch(/^Sent to 1 store/);
    expect(await countOf(buyer.user.id)).toBe(1);
    expect(await recipientsOf(first.body.item.id)).toBe(1);
    expect((await t.get('/api/requests', { cookie: buyer.cookie })).body.items).toHaveLength(1);
    // Another key, or none, is another request.
    expect(
      (
        await t.post('/api/requests', request({ clientKey: 'r-offline-2' }), {
          cookie: buyer.cookie,
        })
      ).status,
    ).toBe(201);
    expect((await t.post('/api/requests', request(), { cookie: buyer.cookie })).status).toBe(201);
    expect(await countOf(buyer.user.id)).toBe(3);
  });

  it('eight sends of one key at once make one request', async () => {
    const buyer = await t.signIn('Buyer');
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.post('/api/requests', request({ clientKey: 'r-race-1' }), { cookie: buyer.cookie }),
      ),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(all.map((r) => r.body.item.id)).size).toBe(1);
    expect(await countOf(buyer.user.id)).toBe(1);
  });

  it("one user's key is not another's; a key that is not a key is refused", async () => {
    const a = await t.signIn('Buyer');
    const b = await t.signIn('Buyer');
    const ra = await t.post('/api/requests', request({ clientKey: 'r-shared' }), {
      cookie: a.cookie,
    });
    const rb = await t.post('/api/requests', request({ clientKey: 'r-shared' }), {
      cookie: b.cookie,
    });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.body.item.id).not.toBe(ra.body.item.id);
    expect(
      (await t.post('/api/requests', request({ clientKey: 'has space' }), { cookie: a.cookie }))
        .status,
    ).toBe(400);
  });
});
