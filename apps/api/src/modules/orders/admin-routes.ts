import type { FastifyInstance, FastifyReply } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { adminOrdersService } from './admin-service.ts';
import * as schemas from './admin-schemas.ts';

// Staff's work on orders (decision 0019); the rules are in admin-service.ts.

export default async function adminOrderRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminOrdersService(fastify);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/api/admin/orders', { schema: schemas.listSchema }, async (req, reply) =>
    noStore(reply).send({ status: true, ...(await svc.list(req.query)) }),
  );
  app.get('/api/admin/orders/:id', { schema: schemas.getSchema }, async (req, reply) =>
    noStore(reply).send({ status: true, ...(await svc.get(req.params.id)) }),
  );
  app.post('/api/admin/orders/:id/refund', { schema: schemas.refundSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.refund(req.user!, req.params.id, req.body)),
    }),
  );
  app.post('/api/admin/orders/:id/hold', { schema: schemas.holdSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.hold(req.user!, req.params.id, req.body?.note)),
    }),
  );
  app.post('/api/admin/orders/:id/unhold', { schema: schemas.unholdSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.unhold(req.user!, req.params.id, req.body?.note)),
    }),
  );
  app.post('/api/admin/orders/:id/release', { schema: schemas.releaseSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.release(req.user!, req.params.id, req.body?.note)),
    }),
  );
}
