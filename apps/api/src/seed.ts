import type { Db } from '@sf/db';
import { authSeeder, seedDemoOwners } from './modules/auth/seed.ts';
import { seedCatalog } from './modules/catalog/seed.ts';
import { seedProviders } from './modules/providers/seed.ts';
import { seedContent } from './modules/content/seed.ts';
import { seedCommerce } from './modules/orders/seed.ts';
import { seedSeller } from './modules/seller/seed.ts';
import { seedSubscriptions } from './modules/subscriptions/seed.ts';

/** Demo data seeders of every domain, run in order on start-up when demo data is on. */
const seeders: { name: string; run: (db: Db) => Promise<void> }[] = [
  authSeeder, // first: other seeders link their demo data to these accounts by e-mail
  { name: 'catalog', run: (db) => seedCatalog(db) },
  { name: 'providers', run: seedProviders },
  { name: 'owners', run: seedDemoOwners }, // after stores and providers: an account for each
  { name: 'content', run: seedContent },
  { name: 'commerce', run: seedCommerce }, // after the catalogue: orders name its parts
  { name: 'seller', run: seedSeller }, // the demo store's product views
  { name: 'subscriptions', run: seedSubscriptions }, // the demo seller's plan
];

export async function seedDemoData(db: Db) {
  for (const s of seeders) await s.run(db);
}
