import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rows } from '@sf/db';
import { sendError } from './errors.ts';
import { metrics } from './metrics.ts';
import { Obj, okStatus } from './schemas.ts';

export const READY_PATH = '/api/ready';

/** Paths answered even while shedding: health checks, scrapes, and Paystack's webhooks (money). */
const NEVER_SHED = ['/api/health', READY_PATH, '/metrics', '/api/payments/paystack/webhook'];

/** How long the database gets to answer a readiness check before the process counts as not ready. */
const READY_DB_TIMEOUT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set while this process stops: readiness fails so balancers send nothing new. */
    draining: boolean;
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);

/** Migrations this build ships (the journal's entries). */
function shippedMigrations(): number {
  const journal = path.join(migrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')).entries as unknown[]).length;
}

/**
 * `GET /api/ready`: whether this process should be sent requests. 503 while it drains, while the
 * database does not answer within a second, or while the database lacks a migration this build
 * needs (another server is migrating it, or this one started against an old schema). Liveness
 * (`/api/health`) stays a separate question: a process that is not ready need not be restarted.
 */
export function installReadiness(app: FastifyInstance) {
  app.decorate('draining', false);
  const shipped = shippedMigrations();
  let migrated = false;
  const readyReply = Obj({
    status: okStatus,
    ready: { type: 'boolean' },
    reason: { type: 'string' },
  });
  app.get(
    READY_PATH,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 503 while draining, migrating or cut off from the database',
        response: { 200: readyReply, 503: readyReply },
      },
    },
    async (_req, reply) => {
      const notReady = (reason: string) =>
        reply
          .status(503)
          .header('cache-control', 'no-store')
          .header('retry-after', '5')
          .send({ status: true, ready: false, reason });
      if (app.draining) return notReady('draining');
      try {
        if (!migrated) {
          const [r] = await withTimeout(
            rows<{ n: number }>(
              app.db,
              sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
            ),
            READY_DB_TIMEOUT_MS,
          );
          if (Number(r.n) < shipped) return notReady('migrations pending');
          migrated = true; // migrations never go away once applied
        } else {
          await withTimeout(app.db.execute(sql`select 1`), READY_DB_TIMEOUT_MS);
        }
      } catch {
        return notReady('database unreachable');
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ status: true, ready: true, reason: '' });
    },
  );
}

/**
 * Sheds load instead of queueing into timeouts: while the event loop lags `loadShedLoopMs` on
 * average over the last second, or `loadShedPoolWaiting` requests wait for a database
 * connection, new requests get 503 with Retry-After at once. A phone is better served by "try
 * again in 2 s" than by a spinner that ends in a timeout, and the requests already taken finish
 * sooner. Only on a PostgreSQL pool: the embedded database runs its queries on the event loop
 * itself, so its lag says nothing about overload.
 */
export function installLoadShedding(app: FastifyInstance) {
  const { loadShedLoopMs, loadShedPoolWaiting } = app.config;
  const pool = (app.db as unknown as { $client?: { waitingCount?: number } }).$client;
  if (typeof pool?.waitingCount !== 'number') return;
  if (!loadShedLoopMs && !loadShedPoolWaiting) return;
  // Lag is judged per second, and only two lagging seconds in a row count: one long pause (a
  // start-up, a full collection) is over by the time a refusal would help.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let lagging = false;
  let lastSecondLagged = false;
  let tick: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    delay.enable();
    tick = setInterval(() => {
      const lagged = loadShedLoopMs > 0 && delay.mean / 1e6 > loadShedLoopMs;
      lagging = lagged && lastSecondLagged;
      lastSecondLagged = lagged;
      delay.reset();
    }, 1000);
    tick.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(tick);
    delay.disable();
  });
  app.addHook('onRequest', async (req, reply) => {
    const poolFull = loadShedPoolWaiting > 0 && (pool.waitingCount ?? 0) >= loadShedPoolWaiting;
    if (!lagging && !poolFull) return;
    const url = req.url.split('?')[0];
    if (NEVER_SHED.includes(url)) return;
    metrics.loadShed.inc({ reason: lagging ? 'loop_delay' : 'pool_waiting' });
    reply.header('retry-after', '2').header('cache-control', 'no-store');
    return sendError(
      reply,
      503,
      'UNAVAILABLE',
      'The site is very busy right now. Please try again in a few seconds.',
    );
  });
}
