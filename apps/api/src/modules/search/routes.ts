import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { searchQuery, searchReply } from './schemas.ts';
import { searchService } from './service.ts';

/** The home SEARCH box: parts, mechanics and tow vans for one text, grouped by kind. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = searchService(app.db, {
    catalogCacheMs: app.config.catalogListCacheMs,
    providersCacheMs: app.config.providersListCacheMs,
    read: app.dbRead,
  });
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          "Parts, mechanics and tow vans for one text: 'tow van lekki' lists tow vans in Lekki, 'mechanic wuse ac' AC mechanics in Wuse",
        querystring: searchQuery,
        response: { 200: searchReply },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return svc.search(req.query.q);
    },
  );
}
