import type { FastifyInstance } from 'fastify';
import stores from './stores-routes.ts';
import products from './products-routes.ts';
import providers from './providers-routes.ts';
import categories from './categories-routes.ts';
import search from './search-routes.ts';
import { ADMIN_CATALOG_CLEAR, clearCaches } from './common.ts';

// The admin area's catalogue side (docs/decisions/0019). Every /api/admin/* call is refused to
// all but the Admin role by lib/admin-guard.ts before any of these handlers runs.
export default async function adminRoutes(app: FastifyInstance) {
  // A staff change in any process clears this process's lists and category caches too.
  const off = app.bus.subscribe(ADMIN_CATALOG_CLEAR, () => clearCaches(app.db));
  app.addHook('onClose', async () => void off());
  await stores(app);
  await products(app);
  await providers(app);
  await categories(app);
  await search(app);
}
