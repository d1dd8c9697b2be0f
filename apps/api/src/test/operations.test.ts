import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { createTestApp, dbLabel, withApp, type TestApp } from './helper.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// What an operator relies on: /metrics (never public), readiness, compression of every answer
// over 1 KB, and load shedding.

let t: TestApp;
let bigUrl = '';
const TOKEN = 'metrics-token-for-the-test-0123456789';

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, catalogListCacheMs: 0 });
  const store = await createStore(t.handle.db);
  const p = await createProduct(t.handle.db, {
    store,
    name: 'Front brake pad set for Corolla',
    description: 'Ceramic pads, low dust, quiet. '.repeat(150),
  });
  bigUrl = `/api/products/${p.prodId}`;
});
afterAll(() => t.close());

describe(`operations (${dbLabel()})`, () => {
  it('/metrics: the request histogram and the named gauges, to loopback and the token only', async () => {
    await t.get('/api/database/cars/make');
    const local = await t.get('/metrics');
    expect(local.status).toBe(200);
    expect(local.headers['content-type']).toMatch(/text\/plain/);
    for (const name of [
      'sf_http_requests_total{method="GET",route="/api/database/cars/make",status="200"}',
      'sf_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/database/cars/make",status="200"}',
      'sf_db_pool_connections{state="waiting"}',
      'sf_live_sockets',
      'sf_nodejs_eventloop_lag_p99_seconds',
      'sf_nodejs_gc_duration_seconds',
      'sf_nodejs_heap_size_used_bytes',
    ])
      expect(local.text).toContain(name);
    expect(local.text).toMatch(/sf_jobs_queued|# TYPE sf_jobs_queued gauge/);

    // Through a proxy on this machine (nginx connects from loopback): refused.
    const proxied = await t.get('/metrics', { headers: { 'x-forwarded-for': '102.89.1.1' } });
    expect(proxied.status).toBe(404);
    expect(proxied.text).not.toContain('sf_');
    // From another address: refused; with the token: answered; a wrong token: refused.
    expect((await t.get('/metrics', { ip: '102.89.1.1' })).status).toBe(404);
    const bearer = (v: string) => ({ ip: '102.89.1.1', headers: { authorization: `Bearer ${v}` } });
    expect((await t.get('/metrics', bearer(TOKEN))).status).toBe(200);
    expect((await t.get('/metrics', bearer(TOKEN.slice(0, -1) + 'x'))).status).toBe(404);
  });

  it('compresses an uncached answer over 1 KB by Accept-Encoding, and leaves small ones plain', async () => {
    const plain = await t.get(bigUrl);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload.length).toBeGreaterThan(2000);

    const br = await t.get(bigUrl, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const unbr = zlib.brotliDecompressSync(br.payload).toString();
    expect(JSON.parse(unbr)).toEqual(plain.body);
    expect(br.payload.length).toBeLessThan(plain.payload.length / 3);

    const gz = await t.get(bigUrl, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.payload).toString())).toEqual(plain.body);

    const small = await t.get('/api/version', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await t.get(bigUrl, {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it("carries nginx's request id through to the answer, and makes one when there is none", async () => {
    const given = await t.get('/api/version', { headers: { 'x-request-id': 'a1b2c3d4e5f60718' } });
    expect(given.headers['x-request-id']).toBe('a1b2c3d4e5f60718');
    const made = await t.get('/api/version');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A value that could write into our logs is replaced.
    const odd = await t.get('/api/version', { headers: { 'x-request-id': 'x\u0000"}{' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('readiness: ready on a migrated database, not while a migration is missing or the database is gone', async () => {
    const ok = await t.get('/api/ready');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ready: true });

    // A migration this build ships is missing (another server is still migrating): taken out
    // of this test's database for the check, then put back.
    const [last] = await rows<{ id: number; hash: string; created_at: string }>(
      t.handle.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    await withApp({ db: t.handle.db }, async (c) => {
      const r = await c.get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ ready: false, reason: 'migrations pending' });
      expect(r.headers['retry-after']).toBe('5');
      c.app.draining = true;
      expect((await c.get('/api/ready')).body.reason).toBe('draining');
    });
    await t.handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${last.id}, ${last.hash}, ${last.created_at})`,
    );
    const gone = await createTestDb();
    await withApp({ db: gone.db }, async (c) => {
      expect((await c.get('/api/ready')).status).toBe(200);
      await gone.close();
      const r = await c.get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.body.reason).toBe('database unreachable');
      // Liveness is another question; readiness is what a balancer reads.
    });
  });

  // Only the PostgreSQL server has a pool whose waiting requests can be counted (PGlite is one
  // connection inside this process).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sheds load with 503 and Retry-After while requests wait for a database connection (PostgreSQL pool)',
    async () => {
      const handle = await createTestDb({ poolSize: 1 });
      await withApp(
        { db: handle.db, config: { loadShedPoolWaiting: 1, loadShedLoopMs: 0 } },
        async (c) => {
          // One slow query holds the only connection; the next one waits for it (drizzle's
          // queries run when awaited: Promise.resolve starts them now).
          const hold = Promise.resolve(handle.db.execute(sql`select pg_sleep(0.5)`));
          const waiting = Promise.resolve(handle.db.execute(sql`select 1`));
          await new Promise((r) => setTimeout(r, 50));
          const shed = await c.get('/api/database/cars/make');
          expect(shed.status).toBe(503);
          expect(shed.headers['retry-after']).toBe('2');
          expect(shed.body.code).toBe('UNAVAILABLE');
          // Health checks and Paystack's webhooks are never shed.
          expect((await c.get('/metrics')).status).toBe(200);
          await Promise.all([hold, waiting]);
          expect((await c.get('/api/version')).status).toBe(200);
        },
      );
      await handle.close();
    },
  );
});
