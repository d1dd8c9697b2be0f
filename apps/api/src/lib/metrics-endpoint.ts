import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { sendError } from './errors.ts';
import { collectNodeMetrics, metrics, registry } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** Headers a proxy in front of us adds: a request carrying one came from outside this machine. */
const FORWARDED = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

/**
 * Who may read /metrics: a bearer token equal to METRICS_TOKEN, or a scraper on this machine
 * itself (the socket's own address is loopback and no proxy forwarded the request: nginx on
 * the same machine connects from loopback too, so its requests are told apart by the headers it
 * adds). Never the public: figures of sales and failures are no one else's business.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    return given.length === want.length && crypto.timingSafeEqual(given, want);
  }
  const addr = req.raw.socket.remoteAddress ?? '';
  const loopback =
    net.isIP(addr) !== 0 && (addr === '::1' || /^(::ffff:)?127\./.test(addr) || addr === '');
  return loopback && !FORWARDED.some((h) => req.headers[h] !== undefined);
}

/** What the pool of `app.db` is doing now: the pg pool's own counts (PGlite has one connection). */
function poolCounts(app: FastifyInstance) {
  const pool = (app.db as unknown as { $client?: Record<string, unknown> }).$client;
  if (pool && typeof pool.totalCount === 'number') {
    const total = pool.totalCount as number;
    const idle = pool.idleCount as number;
    return { in_use: total - idle, idle, waiting: pool.waitingCount as number };
  }
  return { in_use: 0, idle: 1, waiting: 0 };
}

/**
 * Request counts and durations per route and status for every answer, and `GET /metrics` in
 * Prometheus text. Gauges that are a reading of now (pool, queue, sockets) are read when scraped.
 */
export function installMetrics(app: FastifyInstance) {
  collectNodeMetrics();
  app.addHook('onResponse', (req, reply, done) => {
    // Pages share one catch-all route; their pattern is not a useful label, "page" is.
    const pattern = req.routeOptions?.url;
    const route = !pattern ? 'unmatched' : pattern === '/*' ? 'page' : pattern;
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get(
    METRICS_PATH,
    {
      schema: {
        hide: true,
        response: { 200: { type: 'string', description: 'Prometheus text exposition' } },
      },
    },
    async (req, reply) => {
      if (!mayReadMetrics(req, app.config.metricsToken))
        return sendError(reply, 404, 'NOT_FOUND', 'Not found');
      const pool = poolCounts(app);
      for (const [state, n] of Object.entries(pool)) metrics.dbPool.set({ state }, n);
      metrics.jobsQueued.reset();
      const queued = await rows<{ kind: string; n: number }>(
        app.db,
        sql`select kind, count(*)::int as n from jobs
            where done_at is null and failed_at is null group by kind`,
      );
      for (const q of queued) metrics.jobsQueued.set({ kind: q.kind }, Number(q.n));
      metrics.liveSockets.set(app.websocketServer?.clients.size ?? 0);
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
}
