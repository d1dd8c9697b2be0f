import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { createClient } from 'redis';

/**
 * The one publish/subscribe bus (decision 0015): chat, notifications, offers and cache clears.
 *
 * - An event is `{ type, ...fields }`, JSON-safe, published on a channel: `user:<userId>` reaches
 *   that user's open sockets (lib/live.ts), `sys:<name>` is a process-wide signal (cache clears).
 * - `publish` runs the channel's handlers here, relays the event to the other WEB_CONCURRENCY
 *   workers through the primary (lib/processes.ts) and waits for them to act (at most
 *   ACK_TIMEOUT_MS), and, with REDIS_URL, publishes it to Redis for the other machines.
 * - Every event carries a random id; a process runs each id once, so an event that reaches it
 *   both through the primary and through Redis is not delivered twice.
 */
export interface LiveEvent {
  type: string;
  [field: string]: unknown;
}

type Handler = (event: LiveEvent, channel: string) => void;

/** What travels between processes: the channel, the event and its id. */
interface Envelope {
  id: string;
  channel: string;
  event: LiveEvent;
}

export const TAG = 'sf:bus';
export const ACK = 'sf:ack';
/** A process that does not answer in this time (busy, dying) is not waited for. */
export const ACK_TIMEOUT_MS = 1000;
/** How long an app's start waits for Redis before serving without it. */
export const START_WAIT_MS = 2000;
/** The Redis channel every process listens on. */
export const REDIS_CHANNEL = 'sf:bus';

/** The channel of one user's sockets. */
export const userChannel = (userId: string) => `user:${userId}`;
/** The channel of a guest's sockets (their chat cookie's hash, lib/chat-guest.ts; decision 0017). */
export const guestChannel = (guestId: string) => `guest:${guestId}`;
/** Every admin's sockets: support messages and reports for the inbox (decision 0017). */
export const STAFF_CHANNEL = 'staff:support';

export interface Bus {
  publish(channel: string, event: LiveEvent): Promise<void>;
  /** Runs `fn` for every event on `channel`, from any process; returns the unsubscribe function. */
  subscribe(channel: string, fn: Handler): () => void;
  /** Joins the Redis relay (idempotent per URL); the returned function leaves it. */
  useRedis(url: string, log?: { error(msg: string): void }): Promise<() => Promise<void>>;
}

export function isRelayed(msg: unknown): msg is { [TAG]: Envelope; seq: number } {
  const m = msg as Record<string, unknown> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m[TAG] === 'object' &&
    m[TAG] !== null &&
    typeof (m[TAG] as Envelope).channel === 'string'
  );
}

export function isAck(msg: unknown): msg is { [ACK]: number } {
  return (
    typeof msg === 'object' &&
    msg !== null &&
    typeof (msg as Record<string, unknown>)[ACK] === 'number'
  );
}

/** Remembers the last ids seen, so a repeat is dropped without growing forever. */
function seenSet(size = 2000) {
  const ids = new Set<string>();
  return (id: string) => {
    if (ids.has(id)) return true;
    ids.add(id);
    if (ids.size > size) ids.delete(ids.values().next().value!);
    return false;
  };
}

/** A Redis connection that reconnects on its own with a growing delay (up to 5 s). */
const redisClient = (url: string) =>
  createClient({ url, socket: { reconnectStrategy: (n: number) => Math.min(100 * 2 ** n, 5000) } });
type RedisClient = ReturnType<typeof redisClient>;

/** How long leaving waits for publishes already sent to be answered. */
const CLOSE_WAIT_MS = 1000;

/**
 * Ends a client without waiting for a Redis that is gone: a connected one first lets the
 * commands it sent be answered (at most CLOSE_WAIT_MS). Never QUIT: node-redis stops
 * reconnecting when asked to quit, so a QUIT queued while Redis was down waited for ever, and a
 * shutdown with it.
 */
async function endClient(c: RedisClient) {
  if (c.isReady) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      c.close().catch(() => undefined),
      new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  c.destroy();
}

/** All buses of this process, so an event relayed by the primary reaches each. */
const local = new Set<{ deliver(e: Envelope): void }>();
const waiting = new Map<number, () => void>();
let seq = 0;

/** Sends an envelope to the other workers and resolves once they have run it (or timed out). */
function relayToWorkers(env: Envelope): Promise<void> {
  if (!cluster.isWorker || !process.connected) return Promise.resolve();
  const id = ++seq;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    waiting.set(id, done);
    process.send?.({ [TAG]: env, seq: id });
  });
}

if (cluster.isWorker) {
  process.on('message', (msg) => {
    if (isRelayed(msg)) {
      for (const b of local) b.deliver(msg[TAG]);
      if (process.connected) process.send?.({ [ACK]: msg.seq });
    } else if (isAck(msg)) waiting.get(msg[ACK])?.();
  });
}

/**
 * A bus. A server process uses one (`processBus()`); a test builds a second to stand for
 * another machine, which then hears the first only through Redis.
 */
export function createBus(): Bus {
  const handlers = new Map<string, Set<Handler>>();
  const seen = seenSet();
  let redis: { url: string; users: number; pub: RedisClient; sub: RedisClient } | undefined;

  const self = {
    deliver(env: Envelope) {
      if (seen(env.id)) return;
      for (const fn of handlers.get(env.channel) ?? []) {
        try {
          fn(env.event, env.channel);
        } catch {
          // One subscriber's failure (a socket closing) must not stop the others.
        }
      }
    },
  };
  local.add(self);

  return {
    async publish(channel, event) {
      const env: Envelope = { id: crypto.randomUUID(), channel, event };
      self.deliver(env);
      const toRedis = redis?.pub.isReady
        ? redis.pub.publish(REDIS_CHANNEL, JSON.stringify(env)).then(
            () => undefined,
            () => undefined,
          )
        : undefined;
      await Promise.all([relayToWorkers(env), toRedis]);
    },
    subscribe(channel, fn) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
      };
    },
    async useRedis(url, log) {
      if (redis && redis.url !== url) throw new Error('This bus already relays through Redis');
      if (!redis) {
        // Publishes while Redis is down stay on this machine (nothing queues up meanwhile).
        const pub = redisClient(url);
        const sub = redisClient(url);
        for (const c of [pub, sub])
          c.on('error', (e: Error) => log?.error(`redis (live bus): ${e.message}`));
        // Redis down at start-up must not keep the site from starting (decision 0020): wait for
        // the connection and the subscription at most START_WAIT_MS, then serve; the client keeps
        // connecting by itself and the queued SUBSCRIBE runs once it is through.
        const ready = Promise.all([pub.connect(), sub.connect()]);
        const subscribed = sub.subscribe(REDIS_CHANNEL, (raw) => {
          try {
            const env = JSON.parse(raw) as Envelope;
            if (typeof env?.id === 'string' && typeof env.channel === 'string') self.deliver(env);
          } catch {
            // Not ours: ignore.
          }
        });
        ready.catch(() => undefined);
        subscribed.catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([ready, subscribed]).catch(() => undefined),
          new Promise((r) => (timer = setTimeout(r, START_WAIT_MS))),
        ]);
        clearTimeout(timer);
        redis = { url, users: 0, pub, sub };
      }
      const joined = redis;
      joined.users++;
      let left = false;
      return async () => {
        if (left) return;
        left = true;
        if (--joined.users > 0) return;
        if (redis === joined) redis = undefined;
        await Promise.all([endClient(joined.sub), endClient(joined.pub)]);
      };
    },
  };
}

let shared: Bus | undefined;
/** The bus of this process: every app built here publishes and subscribes through it. */
export function processBus(): Bus {
  return (shared ??= createBus());
}
