import path from 'node:path';
import { openDb, migrate, loadReferenceData } from '@sf/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { registerWeb } from './web.ts';
import { seedDemoData } from './seed.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await migrate(handle);
  await loadReferenceData(handle.db);
  if (config.demoData) await seedDemoData(handle.db);

  const app = await buildApp({
    db: handle.db,
    config: {
      production: config.production,
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      redisUrl: config.redisUrl,
      dataDir: config.dataDir,
      imagesDir: path.join(config.dataDir, 'images'),
    },
    logger: { level: config.logLevel },
  });
  await registerWeb(app);

  const close = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SpareFinder NG on http://localhost:${(app.server.address() as any).port} (${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
