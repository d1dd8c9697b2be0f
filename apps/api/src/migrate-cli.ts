/**
 * `npm run db:migrate`: applies the committed migrations and the reference data to the
 * configured database (DATABASE_URL, otherwise the embedded one in DATA_DIR), without starting
 * the server, so a deployment can migrate once before its processes start.
 */
import { openDb, migrate, loadReferenceData } from '@sf/db';
import { loadConfig } from './config.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    // Under migrate()'s lock: several of these (or servers starting) at once apply each once.
    await migrate(handle, () => loadReferenceData(handle.db).then(() => {}));
    console.log(`migrated (${handle.kind})`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
