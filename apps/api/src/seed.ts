import type { Db } from '@sf/db';
import { authSeeder } from './modules/auth/seed.ts';

/** Demo data seeders of every domain, run in order on start-up when demo data is on. */
const seeders: { name: string; run: (db: Db) => Promise<void> }[] = [
  authSeeder, // first: other seeders link their demo data to these accounts by e-mail
import { seedProviders } from './modules/providers/seed.ts';

  { name: 'providers', run: seedProviders },
import { seedContent } from './modules/content/seed.ts';

  { name: 'content', run: seedContent },
import { seedCatalog } from './modules/catalog/seed.ts';

  { name: 'catalog', run: (db) => seedCatalog(db) },
];

export async function seedDemoData(db: Db) {
  for (const s of seeders) await s.run(db);
}
