// The API process alone (no web pages), for the benches of checkout and imports: migrations, reference data,
// the app with its mounted Paystack test server, the job runner, on PORT against DATABASE_URL.
import { openDb, migrate, loadReferenceData } from '@sf/db';
import { buildApp } from '../apps/api/src/app.ts';
import { startJobRunner } from '../apps/api/src/lib/jobs.ts';

const handle = await openDb({ url: process.env.DATABASE_URL!, poolSize: 10 });
await migrate(handle);
await loadReferenceData(handle.db);
const app = await buildApp({ db: handle.db, config: { commissionRate: 0.05 } });
startJobRunner(app);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
// A stop (the bench's SIGTERM) closes the app and exits, so a CPU profile (BENCH_NODE_FLAGS) is written.
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
