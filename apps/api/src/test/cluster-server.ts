// The API alone (no web build) as WEB_CONCURRENCY runs it: a primary and PROCESSES workers on one
// port (lib/processes.ts), on DATABASE_URL. Started by tests that need real separate processes.
import cluster from 'node:cluster';
import { openDb } from '@sf/db';
import { buildApp } from '../app.ts';
import { superviseWorkers } from '../lib/processes.ts';

if (cluster.isPrimary) {
  superviseWorkers(Number(process.env.PROCESSES ?? 2), console, 2000);
} else {
  const handle = await openDb({ url: process.env.DATABASE_URL!, poolSize: 3 });
  const app = await buildApp({
    db: handle.db,
    config: {
      redisUrl: process.env.REDIS_URL || undefined,
      ...(process.env.REDIS_KEY_PREFIX ? { redisKeyPrefix: process.env.REDIS_KEY_PREFIX } : {}),
      liveRecheckMs: Number(process.env.LIVE_RECHECK_MS ?? 600_000),
    },
  });
  const id = String(cluster.worker!.id);
  app.addHook('onRequest', async (_req, reply) => void reply.raw.setHeader('x-worker', id));
  app.addHook('onClose', () => handle.close());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
