import { createClient } from 'redis';
import type { Db } from '@sf/db';

/**
 * The Redis connection of the rate limits and the session read cache (decision 0020); the live
 * bus keeps its own pair (lib/bus.ts). Redis here is an accelerator, never a dependency:
 *
 * - Commands are not queued while the connection is down (`disableOfflineQueue`), and each
 *   call gives up after COMMAND_TIMEOUT_MS: a caller then gets `undefined` and uses PostgreSQL
 *   (limits) or skips the cache (sessions). A Redis outage costs speed, not the site.
 * - The client reconnects by itself with a growing delay (up to 5 s); the app is never
 *   restarted for it, and start-up does not wait for Redis.
 * - It is attached to a database handle (like the list caches), because the callers (limits,
 *   sessions) are handed a `db`; a transaction opened through lib/tx.ts shares its parent's.
 */

/** How long a command may take before the caller goes on without Redis. */
export const COMMAND_TIMEOUT_MS = 300;
/** An error is logged once, then at most this often while the outage lasts. */
const LOG_EVERY_MS = 30_000;

const connect = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (n: number) => Math.min(100 * 2 ** n, 5000),
    },
  });
export type RedisClient = ReturnType<typeof connect>;

/** Why a call went without Redis: not connected, an error, or no answer in COMMAND_TIMEOUT_MS. */
export type Miss = 'down' | 'error' | 'timeout';

/** What every key starts with unless REDIS_KEY_PREFIX says otherwise. */
export const DEFAULT_REDIS_PREFIX = 'sf:';

export interface SharedRedis {
  url: string;
  /**
   * Starts every key of the limits and the session cache (REDIS_KEY_PREFIX): two sites, or two
   * test runs, on one Redis never share a counter or a cached session.
   */
  prefix: string;
  client: RedisClient;
  /** Runs `fn` on Redis; undefined when Redis is down, slow or failed (use the fallback). */
  run<T>(fn: (c: RedisClient) => Promise<T>): Promise<{ value: T } | undefined>;
  /** As `run`, saying why it went without Redis. */
  attempt<T>(fn: (c: RedisClient) => Promise<T>): Promise<{ value: T } | { miss: Miss }>;
  /** How many calls found Redis down or failing since start (tests, logs). */
  readonly misses: number;
  /** When the connection came back after it was lost (0: never lost). */
  readonly reconnectedAt: number;
  /** How long the limits count in the database after a miss (lib/limits.ts; tests shorten it). */
  fallbackMs: number;
  log?: { error(msg: string): void; info?(msg: string): void };
}

/** How long the limits stay on the database counter after Redis failed them. */
export const FALLBACK_MS = 30_000;

const byDb = new WeakMap<object, { redis: SharedRedis; users: number }>();

/** The Redis attached to this database handle, if any. */
export function redisOf(db: Db): SharedRedis | undefined {
  return byDb.get(db)?.redis;
}

/** A transaction's handle uses the Redis of the handle it was opened on. */
export function shareRedis(from: Db, to: Db) {
  const held = byDb.get(from);
  if (held) byDb.set(to, held);
}

/**
 * Attaches a Redis connection to `db` for limits and the session cache (idempotent per handle;
 * the returned function detaches, closing the connection with its last user). Does not wait for
 * Redis: the site starts and serves while it is down.
 */
export function attachRedis(
  db: Db,
  url: string,
  log?: { error(msg: string): void; info?(msg: string): void },
  prefix = DEFAULT_REDIS_PREFIX,
): () => Promise<void> {
  let held = byDb.get(db);
  if (held && (held.redis.url !== url || held.redis.prefix !== prefix))
    throw new Error('This database already uses another Redis or key prefix');
  if (!held) {
    const client = connect(url);
    let lastLog = 0;
    let down = false;
    client.on('error', (e: Error) => {
      down = true;
      if (Date.now() - lastLog < LOG_EVERY_MS) return;
      lastLog = Date.now();
      log?.error(`redis (limits, sessions): ${e.message}; using the database meanwhile`);
    });
    let reconnectedAt = 0;
    client.on('ready', () => {
      if (down) {
        reconnectedAt = Date.now();
        log?.info?.('redis (limits, sessions): connected again');
      }
      down = false;
    });
    client.on('end', () => (down = true));
    client.connect().catch(() => undefined);
    let misses = 0;
    const TOO_SLOW = Symbol('too slow');
    const redis: SharedRedis = {
      url,
      prefix,
      client,
      log,
      fallbackMs: FALLBACK_MS,
      get misses() {
        return misses;
      },
      get reconnectedAt() {
        return reconnectedAt;
      },
      async attempt(fn) {
        if (!client.isReady) {
          misses++;
          return { miss: 'down' };
        }
        let timer: NodeJS.Timeout | undefined;
        try {
          const value = await Promise.race([
            fn(client),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(TOO_SLOW), COMMAND_TIMEOUT_MS);
            }),
          ]);
          return { value };
        } catch (e) {
          misses++;
          return { miss: e === TOO_SLOW ? 'timeout' : 'error' };
        } finally {
          clearTimeout(timer);
        }
      },
      async run(fn) {
        const got = await redis.attempt(fn);
        return 'value' in got ? got : undefined;
      },
    };
    held = { redis, users: 0 };
    byDb.set(db, held);
  }
  const mine = held;
  mine.users++;
  let left = false;
  return async () => {
    if (left) return;
    left = true;
    if (--mine.users > 0) return;
    if (byDb.get(db) === mine) byDb.delete(db);
    // destroy, not quit: quit waits for a Redis that may be gone.
    try {
      mine.redis.client.destroy();
    } catch {
      // Never connected: nothing to close.
    }
  };
}
