import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus.ts';
import { metrics } from './metrics.ts';
import { redisOf, type Miss, type SharedRedis } from './redis.ts';
import { plural } from '@sf/shared';

/**
 * Limits that hold under concurrency. Checking a count and then inserting lets every request
 * that checks before the others insert pass (200 at once put 72 cars in a garage of 10): each
 * limit here is decided by one statement that PostgreSQL serialises on a row lock.
 * The limits themselves and why: docs/decisions/0010-trust-model.md.
 *
 * With REDIS_URL (decision 0020) the counters live in Redis, shared by every machine, each
 * decided by one Lua script (Redis runs scripts one at a time: the same guarantee as the row
 * lock). A limit has one counter at a time (decision 0010): when a Redis call fails or is slow,
 * the whole process switches to the database's counters for `fallbackMs` (a circuit breaker),
 * logs it and counts each decision taken there (metrics.rateLimitFallbacks). The counts move
 * with the switch, so it never doubles an allowance: before the database decides, the Redis
 * calls still under way are waited for and the database's counter is raised to the last count
 * Redis gave this process for the key; on the way back each counter the database kept is raised
 * in Redis before Redis decides again.
 */

export interface Rule {
  max: number;
  windowMs: number;
}

export type Taken = { ok: true; hits: number } | { ok: false; retryAfterS: number };

const ms = (n: number) => sql`(${n}::float8 * interval '1 millisecond')`;

/** Removes counters idle for a day (the longest window) now and then, so the table stays small. */
async function prune(db: Db) {
  if (Math.random() > 0.002) return;
  await db.execute(sql`delete from rate_limits where last_at < now() - interval '1 day'`);
}

async function retryAfter(db: Db, key: string, until: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rows<{ s: number }>(
    db,
    sql`select ceil(extract(epoch from (${until}) - now()))::int as s from rate_limits r where key = ${key}`,
  );
  return Math.max(1, Number(r?.s ?? 1));
}

/** The Redis key of a counter (under the site's REDIS_KEY_PREFIX); it expires once idle. */
export const limitKey = (redis: SharedRedis, key: string) => `${redis.prefix}rl:${key}`;

// Both scripts use Redis's clock, so machines whose clocks differ still agree on windows.
const NOW_MS = `local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)`;

/** ARGV: max, windowMs. Returns {hits, 0} when taken, {-1, retryAfterMs} when refused. */
const TAKE_LUA = `${NOW_MS}
local max, win = tonumber(ARGV[1]), tonumber(ARGV[2])
local h = redis.call('HMGET', KEYS[1], 'hits', 'start')
local hits, start = tonumber(h[1]), tonumber(h[2])
if not hits or now - start >= win then
  redis.call('HSET', KEYS[1], 'hits', 1, 'start', now)
  redis.call('PEXPIRE', KEYS[1], win)
  return {1, 0}
end
if hits < max then
  return {redis.call('HINCRBY', KEYS[1], 'hits', 1), 0}
end
return {-1, start + win - now, hits}`;

/** ARGV: free, baseMs, maxMs, idleMs. The same rule as takeWithBackoff's statement. */
const BACKOFF_LUA = `${NOW_MS}
local free, base, maxd, idle = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local h = redis.call('HMGET', KEYS[1], 'hits', 'last')
local hits, last = tonumber(h[1]), tonumber(h[2])
local keep = idle + maxd
if not hits or now - last >= idle then
  redis.call('HSET', KEYS[1], 'hits', 1, 'last', now)
  redis.call('PEXPIRE', KEYS[1], keep)
  return {1, 0}
end
local delay = math.min(base * 2 ^ math.max(hits - free, 0), maxd)
if hits < free or last + delay <= now then
  redis.call('HSET', KEYS[1], 'hits', hits + 1, 'last', now)
  redis.call('PEXPIRE', KEYS[1], keep)
  return {hits + 1, 0}
end
return {-1, last + delay - now, hits}`;

const REFUND_LUA = `local hits = tonumber(redis.call('HGET', KEYS[1], 'hits'))
if hits and hits > 0 then redis.call('HSET', KEYS[1], 'hits', hits - 1) end
return 0`;

/** ARGV: hits, ttlMs. Raises a counter to at least `hits` (the database's count coming back). */
const RAISE_LUA = `${NOW_MS}
local want, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local hits = tonumber(redis.call('HGET', KEYS[1], 'hits'))
if not hits then
  redis.call('HSET', KEYS[1], 'hits', want, 'start', now, 'last', now)
  redis.call('PEXPIRE', KEYS[1], ttl)
elseif hits < want then
  redis.call('HSET', KEYS[1], 'hits', want)
end
return 0`;

/** The most keys whose last Redis count a process remembers (for the switch to the database). */
const REMEMBERED = 20_000;

/** One process's switch between the Redis and the database counters. */
interface Breaker {
  /** Counting in the database until then (0: in Redis). */
  until: number;
  reason: 'error' | 'timeout';
  /** Redis calls under way: the database waits for them before it decides. */
  inflight: Set<Promise<unknown>>;
  /** The last count Redis gave for each key, and when. */
  seen: Map<string, { hits: number; at: number }>;
  /** Keys the database counted while switched, with how long their counter lives. */
  kept: Map<string, number>;
  /** The raise of `kept` in Redis under way (one at a time). */
  back?: Promise<boolean>;
}

const breakers = new WeakMap<SharedRedis, Breaker>();
function breakerOf(redis: SharedRedis): Breaker {
  let b = breakers.get(redis);
  if (!b)
    breakers.set(
      redis,
      (b = { until: 0, reason: 'error', inflight: new Set(), seen: new Map(), kept: new Map() }),
    );
  return b;
}

function remember(b: Breaker, key: string, hits: number) {
  b.seen.delete(key);
  b.seen.set(key, { hits, at: Date.now() });
  if (b.seen.size > REMEMBERED) b.seen.delete(b.seen.keys().next().value!);
}

/** The bus channel on which a process that switched to the database tells the others to. */
export const LIMITS_CHANNEL = 'sys:limits';
/** The bus of the app(s) using each Redis connection, to announce a switch. */
const buses = new WeakMap<SharedRedis, Bus>();

/** Names a Redis in announcements without its password. */
const redisId = (redis: SharedRedis) =>
  crypto.createHash('sha256').update(`${redis.url} ${redis.prefix}`).digest('hex').slice(0, 16);

/** Switches to the database's counters (`announce`: and tells every other process to). */
function trip(redis: SharedRedis, b: Breaker, miss: Miss, announce = true) {
  const wasOn = b.until > Date.now();
  b.reason = miss === 'timeout' ? 'timeout' : 'error';
  b.until = Math.max(b.until, Date.now() + redis.fallbackMs);
  if (wasOn) return;
  redis.log?.error(
    `rate limits: redis ${miss === 'timeout' ? 'too slow' : 'failed'}${announce ? '' : ' for another process'}; counting in the database for ${Math.round(redis.fallbackMs / 1000)} s`,
  );
  if (announce)
    buses
      .get(redis)
      ?.publish(LIMITS_CHANNEL, { type: 'limits.switch', miss, redis: redisId(redis) })
      .catch(() => undefined);
}

/**
 * Makes the processes of one site switch counters together: the first that finds Redis failing
 * tells the others (other workers at once, other machines if Redis pub/sub still carries it),
 * so two processes do not count one limit in two places while one has switched and one has not.
 */
export function installLimitSwitch(app: { db: Db; bus: Bus; addHook: FastifyInstance['addHook'] }) {
  const redis = redisOf(app.db);
  if (!redis) return;
  buses.set(redis, app.bus);
  const off = app.bus.subscribe(LIMITS_CHANNEL, (e) => {
    // Only processes counting on the same Redis switch together.
    if (e.redis !== redisId(redis)) return;
    const miss = e.miss === 'timeout' ? 'timeout' : 'error';
    trip(redis, breakerOf(redis), miss, false);
  });
  app.addHook('onClose', async () => off());
}

/** Raises in Redis every counter the database kept while switched; false if Redis failed again. */
async function carryBack(db: Db, redis: SharedRedis, b: Breaker): Promise<boolean> {
  const keys = [...b.kept.keys()];
  for (let i = 0; i < keys.length; i += 500) {
    const batch = keys.slice(i, i + 500);
    const found = await rows<{ key: string; hits: number }>(
      db,
      sql`select key, hits from rate_limits where key in (${sql.join(
        batch.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    if (found.length === 0) continue;
    const got = await redis.attempt(async (c) => {
      const m = c.multi();
      for (const r of found)
        m.addCommand([
          'EVAL',
          RAISE_LUA,
          '1',
          limitKey(redis, r.key),
          String(r.hits),
          String(b.kept.get(r.key) ?? 60_000),
        ]);
      return m.exec();
    });
    if (!('value' in got)) {
      trip(redis, b, got.miss);
      return false;
    }
  }
  b.kept.clear();
  redis.log?.info?.('rate limits: redis answers again; counting there');
  return true;
}

/**
 * Decides in Redis while the breaker lets it; undefined means "decide in the database", after
 * the database's counter was raised to what Redis last said (`seed` runs that raise).
 */
async function inRedis(
  db: Db,
  script: string,
  key: string,
  args: number[],
  lifeMs: number,
  seed: (hits: number) => Promise<void>,
): Promise<Taken | undefined> {
  const redis = redisOf(db);
  if (!redis) return undefined;
  const b = breakerOf(redis);
  if (b.until <= Date.now() && b.kept.size > 0) {
    b.back ??= carryBack(db, redis, b).finally(() => (b.back = undefined));
    await b.back;
  }
  if (b.until <= Date.now()) {
    const call = redis
      .attempt(
        (c) =>
          c.sendCommand([
            'EVAL',
            script,
            '1',
            limitKey(redis, key),
            ...args.map((n) => String(Math.round(n))),
          ]) as Promise<number[]>,
      )
      .then((got) => {
        // Remembered before the call counts as settled, so a switch waiting for it sees it.
        if (!('value' in got)) return got;
        const [hits, waitMs, had] = got.value.map(Number);
        remember(b, key, hits > 0 ? hits : had);
        return { hits, waitMs };
      });
    b.inflight.add(call);
    const got = await call.finally(() => b.inflight.delete(call));
    if (!('miss' in got))
      return got.hits > 0
        ? { ok: true, hits: got.hits }
        : { ok: false, retryAfterS: Math.max(1, Math.ceil(got.waitMs / 1000)) };
    trip(redis, b, got.miss);
  }
  metrics.rateLimitFallbacks.inc({ reason: b.reason });
  // What Redis granted before the switch counts here too: its answers under way come first.
  while (b.inflight.size) await Promise.allSettled([...b.inflight]);
  const last = b.seen.get(key);
  if (last && Date.now() - last.at < lifeMs) await seed(last.hits);
  b.kept.set(key, lifeMs);
  return undefined;
}

/** Raises the database's counter of `key` to at least `hits` (Redis's count carried over). */
async function raise(db: Db, key: string, hits: number, expired: ReturnType<typeof sql>) {
  await db.execute(
    sql`insert into rate_limits as r (key, hits, window_start, last_at)
        values (${key}, ${hits}, now(), now())
        on conflict (key) do update set
          hits = greatest(case when ${expired} then 0 else r.hits end, ${hits}),
          window_start = case when ${expired} then now() else r.window_start end,
          last_at = case when ${expired} then now() else r.last_at end`,
  );
}

/**
 * Takes one of `max` slots of `key` in a fixed window: the upsert counts and adds in one
 * statement, so concurrent callers queue on the row and at most `max` get through.
 */
export async function take(db: Db, key: string, rule: Rule): Promise<Taken> {
  const expired = sql`r.window_start <= now() - ${ms(rule.windowMs)}`;
  const fast = await inRedis(db, TAKE_LUA, key, [rule.max, rule.windowMs], rule.windowMs, (n) =>
    raise(db, key, n, expired),
  );
  if (fast) return fast;
  await prune(db);
  const [r] = await rows<{ hits: number }>(
    db,
    sql`insert into rate_limits as r (key, hits, window_start, last_at)
        values (${key}, 1, now(), now())
        on conflict (key) do update set
          hits = case when ${expired} then 1 else r.hits + 1 end,
          window_start = case when ${expired} then now() else r.window_start end,
          last_at = now()
        where ${expired} or r.hits < ${rule.max}
        returning r.hits`,
  );
  if (r) return { ok: true, hits: Number(r.hits) };
  return {
    ok: false,
    retryAfterS: await retryAfter(db, key, sql`r.window_start + ${ms(rule.windowMs)}`),
  };
}

export interface Backoff {
  /** Attempts allowed at any pace. */
  free: number;
  /** The wait after the first attempt beyond `free`; it doubles with each further one. */
  baseMs: number;
  maxMs: number;
  /** The count starts again after this long without an attempt. */
  idleMs: number;
}

const backoffDelay = (b: Backoff) =>
  sql`least(${ms(b.baseMs)} * power(2, greatest(r.hits - ${b.free}, 0)), ${ms(b.maxMs)})`;

/**
 * Slows attempts down instead of refusing them for a long time: after `free` attempts each
 * next one must wait twice as long after the previous one (up to maxMs). One statement, so
 * simultaneous attempts cannot slip through together.
 */
export async function takeWithBackoff(db: Db, key: string, b: Backoff): Promise<Taken> {
  const idle = sql`r.last_at <= now() - ${ms(b.idleMs)}`;
  const fast = await inRedis(
    db,
    BACKOFF_LUA,
    key,
    [b.free, b.baseMs, b.maxMs, b.idleMs],
    b.idleMs + b.maxMs,
    (n) => raise(db, key, n, idle),
  );
  if (fast) return fast;
  await prune(db);
  const [r] = await rows<{ hits: number }>(
    db,
    sql`insert into rate_limits as r (key, hits, window_start, last_at)
        values (${key}, 1, now(), now())
        on conflict (key) do update set
          hits = case when ${idle} then 1 else r.hits + 1 end,
          window_start = case when ${idle} then now() else r.window_start end,
          last_at = now()
        where ${idle} or r.hits < ${b.free} or r.last_at + ${backoffDelay(b)} <= now()
        returning r.hits`,
  );
  if (r) return { ok: true, hits: Number(r.hits) };
  return { ok: false, retryAfterS: await retryAfter(db, key, sql`r.last_at + ${backoffDelay(b)}`) };
}

/**
 * Gives a slot back (an attempt that turned out not to count, e.g. a successful login). Both
 * stores: the slot may have been taken in either, and a refund where none was taken is a no-op.
 */
export async function refund(db: Db, key: string) {
  const redis = redisOf(db);
  if (redis && breakerOf(redis).until <= Date.now())
    await redis.run((c) => c.sendCommand(['EVAL', REFUND_LUA, '1', limitKey(redis, key)]));
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/** A Redis SCAN pattern matching keys that start with `p` literally. */
const globPrefix = (redis: SharedRedis, p: string) =>
  `${limitKey(redis, p).replace(/[*?[\]\\]/g, '\\$&')}*`;

/** Clears counters, in both stores: the given keys, and every key starting with one of `prefixes`. */
export async function forget(db: Db, keys: string[], prefixes: string[] = []) {
  const redis = redisOf(db);
  await redis?.run(async (c) => {
    if (keys.length) await c.del(keys.map((k) => limitKey(redis, k)));
    for (const p of prefixes) {
      const found: string[] = [];
      for await (const batch of c.scanIterator({ MATCH: globPrefix(redis, p), COUNT: 500 }))
        found.push(...batch);
      if (found.length) await c.del(found);
    }
  });
  for (const k of keys) await db.execute(sql`delete from rate_limits where key = ${k}`);
  for (const p of prefixes)
    await db.execute(sql`delete from rate_limits where starts_with(key, ${p})`);
}

/** "1 minute", "12 minutes", "40 seconds": how long to wait, for messages. */
export function waitText(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  return plural(Math.ceil(seconds / 60), 'minute');
}

/** The 8 groups of an IPv6 address, or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  // A dotted IPv4 tail (::ffff:1.2.3.4) is two groups written differently.
  const s = ip
    .split('%')[0]
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [(+a << 8) | +b, (+c << 8) | +d].map((x) => x.toString(16)).join(':'),
    );
  const [head, rest] = s.split('::');
  const part = (x: string | undefined) => (x ? x.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const r = part(rest);
  const fill = 8 - h.length - r.length;
  if (fill < 0 || (rest === undefined && fill !== 0)) return undefined;
  return [...h, ...new Array<number>(fill).fill(0), ...r];
}

/**
 * The key a client address is limited under. IPv4 as it is; an IPv4 address written as IPv6
 * (::ffff:a.b.c.d) as IPv4; any other IPv6 address by its /64 network, because one home or
 * phone is usually given a whole /64 and could otherwise take a fresh address per request.
 */
export function addressKey(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  if (!net.isIPv6(ip)) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** A unique index refused the row (two saves of the same thing at once). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === '23505';
}
