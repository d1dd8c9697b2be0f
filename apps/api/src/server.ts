import cluster from 'node:cluster';
import path from 'node:path';
import { openDb, migrate, loadReferenceData } from '@sf/db';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { registerWeb } from './web.ts';
import { seedDemoData } from './seed.ts';
import { superviseWorkers } from './lib/processes.ts';
import { startJobRunner, startSchedules } from './lib/jobs.ts';
import { flushTracing, traceDb, traceLogFields, tracingOn } from './lib/telemetry.ts';
import { startErrorReporting } from './lib/error-report.ts';

/** How long a stopping process waits for in-flight requests before it cuts them. */
const DRAIN_MS = 8000;

/** Migrations, reference data and demo data: once per start, before any process serves. */
async function prepareDatabase(config: Config) {
  const handle = await openDb(
    config.databaseUrl
      ? { url: config.databaseUrl, readUrl: config.databaseReadUrl }
      : { dataDir: config.dataDir },
  );
  // Under migrate()'s lock on PostgreSQL, so servers starting together take turns.
  await migrate(handle, async () => {
    await loadReferenceData(handle.db);
    if (config.demoData) await seedDemoData(handle.db);
  });
  return handle;
}

async function serve(config: Config, handle: Awaited<ReturnType<typeof openDb>>) {
  traceDb(handle);
  const app = await buildApp({
    db: handle.db,
    dbRead: handle.read,
    // Every setting the app reads (AppConfig is a part of Config): one list, in config.ts.
    config: {
      ...config,
      imagesDir: path.join(config.dataDir, 'images'),
    },
    // With tracing on, each line written inside a request names its trace (trace_id) beside
    // the request id (reqId, nginx's X-Request-Id).
    logger: { level: config.logLevel, ...(tracingOn() ? { mixin: traceLogFields } : {}) },
  });
  // Which process answered, so operators (and the cluster test) can tell them apart.
  if (cluster.isWorker) {
    const id = String(cluster.worker!.id);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.raw.setHeader('x-worker', id);
      done();
    });
  }
  await registerWeb(app);
  // Every process polls; the claim makes sure each due job runs in one of them only.
  startJobRunner(app);
  // The recurring jobs (the daily clean-up): once per period, whichever process enqueues first.
  await startSchedules(app.db);

  // SIGTERM (a rollout, systemd, the cluster primary): stop accepting, let in-flight requests
  // finish, close live sockets (browsers reconnect to another server), then the database pool.
  // Whatever is still open after DRAIN_MS is cut, so a stop never takes longer than ~10 s.
  // Every later signal is ignored (systemd and the primary may both send one).
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    app.draining = true;
    const cut = setTimeout(() => {
      app.log.warn('drain took too long; closing the remaining connections');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 1000).unref();
    }, DRAIN_MS);
    cut.unref();
    try {
      await app.close();
      await handle.close();
      await flushTracing();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

async function main() {
  const config = loadConfig();
  if (config.sentryDsn)
    startErrorReporting({
      dsn: config.sentryDsn,
      release: config.version,
      environment: config.production ? 'production' : 'development',
    });
  if (cluster.isWorker) {
    // The primary has prepared the database.
    await serve(
      config,
      await openDb({ url: config.databaseUrl!, readUrl: config.databaseReadUrl }),
    );
    return;
  }
  for (const w of config.warnings) console.warn(w);
  const handle = await prepareDatabase(config);
  if (config.processes > 1) {
    await handle.close();
    superviseWorkers(config.processes, { error: (m) => console.error(m) });
    console.log(
      `SpareFinder NG on http://localhost:${config.port} (${handle.kind}, ${config.processes} processes)`,
    );
    return;
  }
  const app = await serve(config, handle);
  app.log.info(
    `SpareFinder NG on http://localhost:${(app.server.address() as any).port} (${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
