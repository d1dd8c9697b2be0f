import type { FastifyInstance } from 'fastify';
import { idParam } from '../../lib/schemas.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { actor, standingRoutes } from './common.ts';
import { adminProvidersService } from './providers-service.ts';
import * as sc from './schemas.ts';

// Staff's mechanic and tow-van routes; the rules are in providers-service.ts.

export default async function adminProvidersRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminProvidersService(fastify);
  const tags = ['admin'];
  app.get(
    '/api/admin/providers',
    {
      schema: {
        tags,
        summary: 'Mechanics and tow vans: search, kind, verified, suspended; newest first',
        querystring: sc.providersQuery,
        response: { 200: sc.providersReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get(
    '/api/admin/providers/:id',
    {
      schema: {
        tags,
        summary: 'One mechanic or tow van',
        params: idParam(),
        response: { 200: sc.providerReply },
      },
    },
    async (req) => ({ status: true as const, message: '', item: await svc.one(req.params.id) }),
  );
  app.patch(
    '/api/admin/providers/:id',
    {
      schema: {
        tags,
        summary: 'Changes the business details of a mechanic or tow van',
        params: idParam(),
        body: sc.providerEditBody,
        response: { 200: sc.providerReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  standingRoutes(fastify, '/api/admin/providers', 'a mechanic or tow van', sc.providerReply, svc);
}
