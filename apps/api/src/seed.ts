import type { Db } from '@sf/db';
import { seedCatalog } from './modules/catalog/seed.ts';

/** Demo data seeders of every domain, run in order on start-up when demo data is on. */
const seeders: { name: string; run: (db: Db) => Promise<void> }[] = [
  { name: 'catalog', run: (db) => seedCatalog(db) },
];

export async function seedDemoData(db: Db) {
  for (const s of seeders) await s.run(db);
}
