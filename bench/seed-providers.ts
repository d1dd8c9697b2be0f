// Seeds N bench providers (plus the demo ones when none exist) into DATABASE_URL or DATA_DIR:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sf_bench npx tsx bench/seed-providers.ts 10000
import { loadReferenceData, migrate, openDb } from '@sf/db';
import { seedBenchProviders, seedProviders } from '../apps/api/src/modules/providers/seed.ts';

const n = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
  throw new Error('usage: seed-providers.ts <count 1..1000000>');
const handle = await openDb(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL }
    : { dataDir: process.env.DATA_DIR ?? './data' },
);
await migrate(handle);
await loadReferenceData(handle.db);
await seedProviders(handle.db);
const t = Date.now();
await seedBenchProviders(handle.db, n);
console.log(`seeded ${n} bench providers in ${Date.now() - t} ms (${handle.kind})`);
await handle.close();
