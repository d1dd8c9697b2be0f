import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import * as sc from './schemas.ts';
import { adminSearchService } from './search-service.ts';

// The admin search box's route; the search is in search-service.ts.

export default async function adminSearchRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminSearchService(app.db);
  app.get(
    '/api/admin/search',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Stores, products, users, orders, mechanics and tow vans by name, e-mail, phone or number',
        querystring: sc.searchQuery,
        response: { 200: sc.searchReply },
      },
    },
    async (req) => ({ status: true as const, items: await svc.search(req.query.q) }),
  );
}
