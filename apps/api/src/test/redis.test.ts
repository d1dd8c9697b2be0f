import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { rows } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { createTestApp, dbLabel, testRedisPrefix, type TestApp } from './helper.ts';
import { uniquePhone } from './factories.ts';
import { redisAnswers, tcpProxy } from './redis-proxy.ts';
import { attachRedis, redisOf } from '../lib/redis.ts';
import { limitKey, take, takeWithBackoff } from '../lib/limits.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { SESSION_COOKIE, sessionEntryKey } from '../lib/session.ts';
import crypto from 'node:crypto';

// Rate limits and the session read cache through a real Redis (decision 0020), reached through
// a TCP pass-through the test cuts and restores to stand for a Redis outage.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const up = await redisAnswers(REDIS_URL);
const target = new URL(REDIS_URL);

let t: TestApp;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let direct: ReturnType<typeof createClient>;
/** Unique per run: the Redis is shared with other test files and runs. */
const run = crypto.randomBytes(4).toString('hex');
const ADMIN_PW = 'Staff-Jollof-Rice-9';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(fn: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await wait(50);
  }
}
const sessionKey = (cookie: string) =>
  sessionEntryKey(
    redisOf(t.handle.db)!.prefix,
    crypto
      .createHash('sha256')
      .update(cookie.slice(SESSION_COOKIE.length + 1))
      .digest('hex'),
  );
const counterKey = (key: string) => limitKey(redisOf(t.handle.db)!, key);
const dbCounters = async (like: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from rate_limits where key like ${like}`,
      )
    )[0].n,
  );

// Skipped only where no Redis server answers at REDIS_URL (CI and this machine have one).
describe.skipIf(!up)(`Redis: limits and sessions (${dbLabel()})`, () => {
  beforeAll(async () => {
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
    direct = createClient({ url: REDIS_URL });
    await direct.connect();
    await until(() => Boolean(redisOf(t.handle.db)?.client.isReady), 5000);
    // After a miss the limits count in the database this long (decision 0010); short here.
    redisOf(t.handle.db)!.fallbackMs = 300;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
    await direct?.quit();
  });

  it('login failures are counted in Redis and lock the account; the database keeps no counter', async () => {
    const email = `redis-${run}@test.ng`;
    const password = 'Okada-rides-4-ever';
    const reg = await t.call('POST', '/api/auth/register', {
      body: { name: 'Amaka Redis', email, phone: uniquePhone(), password, role: 'Buyer' },
      ip: '10.77.0.1',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email, password: `Wrong-${i}-pass` },
        ip: `10.77.1.${i + 1}`,
      });
      expect(r.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/auth/login', {
      body: { email, password },
      ip: '10.77.2.1',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed logins for this account/);
    expect(await direct.hGet(counterKey(`login:acct:${email}`), 'hits')).toBe('5');
    expect(await dbCounters(`login:%${email}%`)).toBe(0);
  });

  it('a counter is shared by every machine on the Redis, whatever database handle it uses', async () => {
    // Machine B: another database handle (here even another database) on the same Redis.
    const other = await createTestDb();
    const prefix = redisOf(t.handle.db)!.prefix;
    const detach = attachRedis(other.db, `redis://127.0.0.1:${proxy.port}`, undefined, prefix);
    try {
      await until(() => Boolean(redisOf(other.db)?.client.isReady), 5000);
      const key = `test:shared:${run}`;
      const rule = { max: 3, windowMs: 60_000 };
      for (let i = 0; i < 3; i++) expect((await take(t.handle.db, key, rule)).ok).toBe(true);
      const onB = await take(other.db, key, rule);
      expect(onB.ok).toBe(false);
      if (!onB.ok) expect(onB.retryAfterS).toBeGreaterThan(50);
    } finally {
      await detach();
      await other.close();
    }
  });

  it('another key prefix on the same Redis (another site, or a later test run) counts apart', async () => {
    // The Redis outlives a run: with one fixed prefix, yesterday's runs filled today's counters.
    const other = await createTestDb();
    const detach = attachRedis(
      other.db,
      `redis://127.0.0.1:${proxy.port}`,
      undefined,
      testRedisPrefix(),
    );
    try {
      await until(() => Boolean(redisOf(other.db)?.client.isReady), 5000);
      const key = `test:apart:${run}`;
      const rule = { max: 1, windowMs: 60_000 };
      expect((await take(t.handle.db, key, rule)).ok).toBe(true);
      expect((await take(t.handle.db, key, rule)).ok).toBe(false);
      expect((await take(other.db, key, rule)).ok).toBe(true);
      expect(await direct.hGet(counterKey(key), 'hits')).toBe('1');
      expect(await direct.hGet(limitKey(redisOf(other.db)!, key), 'hits')).toBe('1');
    } finally {
      await detach();
      await other.close();
    }
  });

  it('holds a limit under 40 requests at once', async () => {
    const key = `test:race:${run}`;
    const got = await Promise.all(
      Array.from({ length: 40 }, () => take(t.handle.db, key, { max: 10, windowMs: 60_000 })),
    );
    expect(got.filter((g) => g.ok)).toHaveLength(10);
  });

  it('backs off like the database does: free attempts, then doubling waits', async () => {
    const key = `test:backoff:${run}`;
    const b = { free: 2, baseMs: 1000, maxMs: 4000, idleMs: 60_000 };
    expect((await takeWithBackoff(t.handle.db, key, b)).ok).toBe(true);
    expect((await takeWithBackoff(t.handle.db, key, b)).ok).toBe(true);
    const third = await takeWithBackoff(t.handle.db, key, b);
    expect(third).toEqual({ ok: false, retryAfterS: 1 });
    await wait(1100);
    expect(await takeWithBackoff(t.handle.db, key, b)).toEqual({ ok: true, hits: 3 });
    const fifth = await takeWithBackoff(t.handle.db, key, b);
    expect(fifth).toEqual({ ok: false, retryAfterS: 2 });
  });

  it('caches a session briefly; logout, a profile change and a lock take effect at once', async () => {
    const me = (cookie: string) => t.get('/api/auth/dszauth', { cookie });
    const u = await t.signIn('Buyer', { name: 'Chinedu Cache' });
    expect((await me(u.cookie)).body.user.name).toBe('Chinedu Cache');
    expect(await direct.exists(sessionKey(u.cookie))).toBe(1);
    // Changed behind the app's back: the cached copy answers (that is the cache working).
    await t.handle.db.execute(sql`update users set name = 'Behind Back' where id = ${u.user.id}`);
    expect((await me(u.cookie)).body.user.name).toBe('Chinedu Cache');
    // Through the app: the cache is dropped at once.
    const p = await t.patch('/api/user/profile', { name: 'Chinedu Renamed' }, { cookie: u.cookie });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect((await me(u.cookie)).body.user.name).toBe('Chinedu Renamed');

    const out = await t.post('/api/auth/logout', {}, { cookie: u.cookie });
    expect(out.status).toBe(200);
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(false);

    const admin = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
    const v = await t.signIn('Seller');
    expect((await me(v.cookie)).body.user.isauthenticated).toBe(true);
    expect(await direct.exists(sessionKey(v.cookie))).toBe(1);
    // Staff sessions are never cached (their idle timeout needs the table).
    expect(await direct.exists(sessionKey(admin.cookie))).toBe(0);
    const lock = await t.post(`/api/admin/users/${v.user.id}/lock`, {}, { cookie: admin.cookie });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    expect((await me(v.cookie)).body.user.isauthenticated).toBe(false);

    const w = await t.signIn('Buyer');
    expect((await me(w.cookie)).body.user.role).toBe('Buyer');
    const role = await t.post(
      `/api/admin/users/${w.user.id}/role`,
      { role: 'Seller', password: ADMIN_PW },
      { cookie: admin.cookie },
    );
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect((await me(w.cookie)).body.user.isauthenticated).toBe(false);
  });

  it('a Redis outage slows nothing down and refuses nothing; it reconnects by itself', async () => {
    const u = await t.signIn('Buyer', { name: 'Outage Olu' });
    expect((await me(u.cookie)).status).toBe(200);
    const redis = redisOf(t.handle.db)!;
    const missesBefore = redis.misses;
    await proxy.down();
    await until(() => !redis.client.isReady, 5000);

    const started = Date.now();
    // Sessions come from the database, limits are decided there, pages answer.
    const who = await me(u.cookie);
    expect(who.body.user.name).toBe('Outage Olu');
    const key = `test:outage:${run}`;
    expect((await take(t.handle.db, key, { max: 2, windowMs: 60_000 })).ok).toBe(true);
    expect((await take(t.handle.db, key, { max: 2, windowMs: 60_000 })).ok).toBe(true);
    expect((await take(t.handle.db, key, { max: 2, windowMs: 60_000 })).ok).toBe(false);
    expect(await dbCounters(key)).toBe(1);
    const bad = await t.call('POST', '/api/auth/login', {
      body: { email: `nobody-${run}@test.ng`, password: 'Wrong-pass-1' },
      ip: '10.77.3.1',
    });
    expect(bad.status).toBe(401);
    expect((await t.get('/api/health')).status).toBe(200);
    expect((await t.get('/api/categories')).status).toBeLessThan(500);
    // Nothing waited for Redis: a loaded machine still does all this well within 5 s.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(redis.misses).toBeGreaterThan(missesBefore);

    await proxy.up();
    await until(() => redis.client.isReady, 15_000);
    await wait(redis.fallbackMs);
    const back = `test:back:${run}`;
    expect((await take(t.handle.db, back, { max: 1, windowMs: 60_000 })).ok).toBe(true);
    expect(await direct.exists(counterKey(back))).toBe(1);
    expect(await dbCounters(back)).toBe(0);
  });
});

const me = (cookie: string) => t.get('/api/auth/dszauth', { cookie });

// Skipped only when no Redis answers on REDIS_URL (or 127.0.0.1:6379): there is nothing to stop.
describe.skipIf(!up)(`Redis down at start-up (${dbLabel()})`, () => {
  it('the app starts, serves and closes without it, and joins it once it is back', async () => {
    const gap = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    await gap.down();
    const started = Date.now();
    const s = await createTestApp({ redisUrl: `redis://127.0.0.1:${gap.port}` });
    try {
      // The database's own start takes most of this; Redis costs at most START_WAIT_MS.
      expect((await s.get('/api/health')).status).toBe(200);
      const who = await s.signIn('Buyer');
      expect((await s.get('/api/auth/dszauth', { cookie: who.cookie })).body.user.role).toBe(
        'Buyer',
      );
      expect((await take(s.handle.db, `test:cold:${run}`, { max: 1, windowMs: 60_000 })).ok).toBe(
        true,
      );
      expect(Date.now() - started).toBeLessThan(60_000);
      await gap.up();
      await until(() => Boolean(redisOf(s.handle.db)?.client.isReady), 15_000);
    } finally {
      const closing = Date.now();
      await s.close();
      expect(Date.now() - closing).toBeLessThan(5000);
      await gap.down();
    }
  });
});
