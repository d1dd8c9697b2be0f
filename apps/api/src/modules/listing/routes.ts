import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../lib/session.ts';
import { listingBody, listingReply, listingSaved, spIdQuery } from './schemas.ts';
import { listingService, type ListingInput } from './service.ts';

/**
 * A mechanic's own workshop or a tow van's own garage: its details, days, specialities or tow
 * capacities and vehicle types. Only its owner reaches it (403 for other roles, 404 for another
 * provider's listing); the public pages and lists show a saved change at once.
 */
export default async function listingRoutes(app: FastifyInstance) {
  const svc = listingService(app.db);
  const tags = ['my workshop or garage'];
  const me = (req: FastifyRequest) => ({ id: req.user!.id, role: req.user!.role });

  app.get<{ Querystring: { spId?: number } }>(
    '/api/provider/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'My workshop (Mechanic) or garage (Tow Van) as its public page shows it (item: null before it is set up)',
        querystring: spIdQuery,
        response: { 200: listingReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await svc.get(me(req), req.query.spId)),
  );

  for (const method of ['PATCH', 'POST'] as const)
    app.route<{ Body: ListingInput }>({
      method,
      url: '/api/provider/profile',
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          method === 'PATCH'
            ? 'Changes my workshop or garage: any fields; days and each list of tags replace all'
            : 'The same as PATCH, for forms',
        body: listingBody,
        response: { 200: listingSaved },
      },
      handler: async (req, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await svc.save(me(req), req.body ?? {})),
    });
}
