import type { FastifyInstance } from 'fastify';
import { idParam } from '../../lib/schemas.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { actor } from './common.ts';
import { adminProductsService } from './products-service.ts';
import * as sc from './schemas.ts';

// Staff's product routes; the rules are in products-service.ts.

export default async function adminProductsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminProductsService(fastify);
  const tags = ['admin'];
  app.get(
    '/api/admin/products',
    {
      schema: {
        tags,
        summary:
          'Every product: search, store, category (top or child), state, condition, active (yes, no, held); newest first',
        querystring: sc.productsQuery,
        response: { 200: sc.productsReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with every field, its store and why it is held',
        params: idParam(),
        response: { 200: sc.productReply },
      },
    },
    async (req) => svc.answer(req.params.id, ''),
  );
  app.patch(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: "Changes any field of any product (the seller's rules apply)",
        params: idParam(),
        body: sc.productEditBody,
        response: { 200: sc.productReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  app.post(
    '/api/admin/products/:id/hold',
    {
      schema: {
        tags,
        summary:
          'Hides a product with a reason its seller sees (needs confirm), or puts it back on sale',
        params: idParam(),
        body: sc.holdBody,
        response: { 200: sc.productReply },
      },
    },
    async (req) =>
      svc.hold(actor(req), req.params.id, req.body.held, req.body.reason, req.body.confirm),
  );
}
