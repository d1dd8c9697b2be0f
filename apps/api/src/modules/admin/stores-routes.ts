import type { FastifyInstance } from 'fastify';
import { idParam } from '../../lib/schemas.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { standingRoutes } from './common.ts';
import * as sc from './schemas.ts';
import { adminStoresService } from './stores-service.ts';

// Staff's store routes; the rules are in stores-service.ts.

export default async function adminStoresRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminStoresService(fastify);
  const tags = ['admin'];
  app.get(
    '/api/admin/stores',
    {
      schema: {
        tags,
        summary:
          'Stores: search (name, owner), verified, suspended, state; newest first, cursor-paged',
        querystring: sc.storesQuery,
        response: { 200: sc.storesReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get(
    '/api/admin/stores/:id',
    {
      schema: { tags, summary: 'One store', params: idParam(), response: { 200: sc.storeReply } },
    },
    async (req) => ({ status: true as const, message: '', item: await svc.one(req.params.id) }),
  );
  standingRoutes(fastify, '/api/admin/stores', 'a store', sc.storeReply, svc);
}
