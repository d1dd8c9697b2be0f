import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from './helper.ts';
import { uniquePhone } from './factories.ts';
import { redisAnswers, tcpProxy } from './redis-proxy.ts';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { attachRedis, redisOf } from '../lib/redis.ts';
import { limitKey, take } from '../lib/limits.ts';
import { sessionEntryKey } from '../lib/session.ts';
import { metrics } from '../lib/metrics.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

// With REDIS_URL, when Redis answers slowly or fails in the middle of a burst: a limit keeps one
// counter at a time and never lets more than its allowance through, and ended sessions end at
// once (decision 0010). Redis is reached through a TCP pass-through the test slows and cuts.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const up = await redisAnswers(REDIS_URL);
const target = new URL(REDIS_URL);
/** Unique per run: the Redis is shared with other test files and runs (keys carry it). */
const run = crypto.randomBytes(4).toString('hex');
/** A client address no other run uses, so the registration counter is this run's alone. */
const address = () =>
  `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const ADMIN_PW = 'Staff-Jollof-Rice-9';
const FALLBACK_MS = 400;

let t: TestApp;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let direct: ReturnType<typeof createClient>;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(fn: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await wait(25);
  }
}
const fallbacks = async (reason: string) =>
  (await metrics.rateLimitFallbacks.get()).values.find((v) => v.labels.reason === reason)?.value ??
  0;
const accounts = async (tag: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from users where email like ${`burst-${tag}-%`}`,
      )
    )[0].n,
  );
const register = (tag: string, i: number, ip: string) =>
  t.call('POST', '/api/auth/register', {
    body: {
      name: 'Burst Buyer',
      email: `burst-${tag}-${i}@test.ng`,
      phone: uniquePhone(),
      password: 'Okada-rides-4-ever',
      role: 'Buyer',
    },
    ip,
  });
const sessionKey = (cookie: string) =>
  sessionEntryKey(
    redisOf(t.handle.db)!.prefix,
    crypto.createHash('sha256').update(cookie.split('=')[1]).digest('hex'),
  );
const counterKey = (key: string) => limitKey(redisOf(t.handle.db)!, key);
/** Waits until the breaker's time is over and Redis answers again. */
async function redisBack() {
  const redis = redisOf(t.handle.db)!;
  await until(() => redis.client.isReady, 15_000);
  await wait(FALLBACK_MS + 50);
}

describe.skipIf(!up)(`Redis slow or failing under load (${dbLabel()})`, () => {
  beforeAll(async () => {
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
    direct = createClient({ url: REDIS_URL });
    await direct.connect();
    await until(() => Boolean(redisOf(t.handle.db)?.client.isReady), 5000);
    redisOf(t.handle.db)!.fallbackMs = FALLBACK_MS;
  });
  afterEach(async () => {
    proxy.slow(0);
    await proxy.up().catch(() => undefined); // already up: listening again fails harmlessly
    await redisBack();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
    await direct?.quit();
  });

  it("an admin's end of sessions takes effect at once, even when Redis fails meanwhile", async () => {
    const me = (cookie: string) => t.get('/api/auth/dszauth', { cookie });
    const admin = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
    const u = await t.signIn('Buyer');
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(true);
    expect(await direct.exists(sessionKey(u.cookie))).toBe(1);
    const ended = await t.post(
      `/api/admin/users/${u.user.id}/sessions/end`,
      {},
      { cookie: admin.cookie },
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(false);

    // Redis slower than the command timeout while the admin ends the session.
    const w = await t.signIn('Buyer');
    expect((await me(w.cookie)).body.user.isauthenticated).toBe(true);
    expect(await direct.exists(sessionKey(w.cookie))).toBe(1);
    proxy.slow(600);
    const end3 = await t.post(
      `/api/admin/users/${w.user.id}/sessions/end`,
      {},
      { cookie: admin.cookie },
    );
    expect(end3.status).toBe(200);
    proxy.slow(0);
    expect((await me(w.cookie)).body.user.isauthenticated).toBe(false);
    // Cached, then Redis goes away while the admin ends the session, then comes back within
    // the cache's 30 s: the cached copy is not trusted.
    const v = await t.signIn('Buyer');
    expect((await me(v.cookie)).body.user.isauthenticated).toBe(true);
    expect(await direct.exists(sessionKey(v.cookie))).toBe(1);
    await proxy.down();
    const end2 = await t.post(
      `/api/admin/users/${v.user.id}/sessions/end`,
      {},
      { cookie: admin.cookie },
    );
    expect(end2.status).toBe(200);
    await proxy.up();
    await until(() => redisOf(t.handle.db)!.client.isReady, 15_000);
    expect((await me(v.cookie)).body.user.isauthenticated).toBe(false);
  });

  it('200 registrations at once from one address, Redis turning slow: at most 20 accounts', async () => {
    const ip = address();
    const tag = `slow-${run}`;
    // Redis counts the first ones, then slows past the command timeout.
    for (let i = 0; i < 6; i++) expect((await register(tag, i, ip)).status).toBe(201);
    const before = await fallbacks('timeout');
    proxy.slow(600);
    const got = await Promise.all(
      Array.from({ length: 200 }, (_, i) => register(tag, 100 + i, ip)),
    );
    const codes = got.map((g) => g.status);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201).length).toBe(14);
    expect(await accounts(tag)).toBe(20);
    expect(await fallbacks('timeout')).toBeGreaterThan(before);

    // Back on Redis: the database's count came along, so the address stays refused.
    proxy.slow(0);
    await redisBack();
    const after = await register(tag, 999, ip);
    expect(after.status).toBe(429);
    expect(Number(await direct.hGet(counterKey(`register:${ip}`), 'hits'))).toBeGreaterThanOrEqual(
      20,
    );
    expect(await accounts(tag)).toBe(20);
  });

  it('200 registrations at once, Redis failing in the middle: at most 20 accounts', async () => {
    const ip = address();
    const tag = `down-${run}`;
    for (let i = 0; i < 10; i++) expect((await register(tag, 900 + i, ip)).status).toBe(201);
    const before = await fallbacks('error');
    // Redis's answers held 60 ms each way (a round trip of 120 ms, under the command timeout), so
    // the burst's counting is still in flight when Redis is cut 30 ms in, on any machine: with a
    // plain wait a fast machine had counted all 200 before the cut, and nothing fell back.
    proxy.slow(60);
    const burst = Promise.all(Array.from({ length: 200 }, (_, i) => register(tag, i, ip)));
    await wait(30);
    await proxy.down();
    proxy.slow(0);
    const got = await burst;
    const codes = got.map((g) => g.status);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(20);
    expect(await accounts(tag)).toBeLessThanOrEqual(20);
    expect(await accounts(tag)).toBeGreaterThanOrEqual(10);
    expect(await fallbacks('error')).toBeGreaterThan(before);

    await proxy.up();
    await redisBack();
    // However many got through before the cut, the limit is full now, on Redis again.
    const more = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register(tag, 500 + i, ip)),
    );
    expect(await accounts(tag)).toBeLessThanOrEqual(20);
    if ((await accounts(tag)) === 20) expect(more.every((m) => m.status === 429)).toBe(true);
  });

  it('a process that switches to the database tells the others on the bus to switch too', async () => {
    // Another process on the same Redis: its own database handle, connection and switch, the
    // same bus (as workers share one through the primary).
    const other = await createTestDb();
    const detach = attachRedis(
      other.db,
      `redis://127.0.0.1:${proxy.port}`,
      undefined,
      redisOf(t.handle.db)!.prefix,
    );
    const b = await buildApp({ db: other.db, bus: t.app.bus });
    try {
      await until(() => Boolean(redisOf(other.db)?.client.isReady), 5000);
      redisOf(other.db)!.fallbackMs = FALLBACK_MS;
      const rule = { max: 5, windowMs: 60_000 };
      proxy.slow(600);
      expect((await take(t.handle.db, `test:switch-a:${run}`, rule)).ok).toBe(true);
      proxy.slow(0);
      // Redis answers B at once now, yet B counts in its database until the period is over.
      const key = `test:switch-b:${run}`;
      expect((await take(other.db, key, rule)).ok).toBe(true);
      expect(await direct.exists(counterKey(key))).toBe(0);
      const [row] = await rows<{ hits: number }>(
        other.db,
        sql`select hits from rate_limits where key = ${key}`,
      );
      expect(Number(row?.hits)).toBe(1);
    } finally {
      await b.close();
      await detach();
      await other.close();
    }
  });
});
