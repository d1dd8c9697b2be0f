import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { idParam } from '../../lib/schemas.ts';
import {
  categoryTreeReply,
  dashboardQuery,
  dashboardReply,
  productCreateBody,
  productListQuery,
  productListReply,
  productReply,
  productSaved,
  productUpdateBody,
  profileReply,
  profileSaved,
  storeBody,
  storeIdQuery,
} from './schemas.ts';
import { sellerService } from './service.ts';
import { stopProductViews } from './views.ts';
import { sellerImageRoutes } from './image-routes.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** GET forms send empty fields (`?q=`): an empty value means "not given". */
async function dropEmpty(req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  if (q && typeof q === 'object') for (const k of Object.keys(q)) if (q[k] === '') delete q[k];
}

/**
 * A seller's own store: its details, the figures of its last 7/30/90 days, and its products
 * (list, add, change, hide). Only the store's owner reaches any of it: a user owning no store
 * gets 403, another store's product is 404, and a refused change writes nothing.
 */
export default async function sellerRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = sellerService(app.db);
  const tags = ['my store'];
  // Views counted by the pages are written on a timer; what is left goes out on close.
  app.addHook('onClose', async () => stopProductViews(app.db));
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', PRIVATE);
    return payload;
  });
  const me = (req: FastifyRequest) => ({ id: req.user!.id, role: req.user!.role });
  await sellerImageRoutes(app);

  app.get(
    '/api/store/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'My store’s details (store: null and a suggested name for a seller who has not opened one)',
        querystring: storeIdQuery,
        response: { 200: profileReply },
      },
    },
    async (req) => svc.getProfile(me(req), req.query.storeId),
  );

  for (const method of ['PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/api/store/profile',
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          method === 'PATCH'
            ? 'Changes my store’s details; a seller without a store opens one (name, state, city, a phone)'
            : 'The same as PATCH, for forms',
        body: storeBody,
        response: { 200: profileSaved },
      },
      handler: async (req) => svc.saveProfile(me(req), req.body ?? {}),
    });

  app.get(
    '/api/store/dashboard',
    {
      preHandler: requireAuth,
      preValidation: dropEmpty,
      schema: {
        tags,
        summary:
          'My store’s figures: product views, orders, revenue (kobo) and conversion per day over the last 7, 30 or 90 days, against the period before; best sellers, low stock',
        description:
          'Orders and revenue count orders placed in the period that are paid or to be paid on delivery (not unpaid, cancelled or refunded); revenue is what the buyers pay, delivery included. Conversion is orders per 100 product views.',
        querystring: dashboardQuery,
        response: { 200: dashboardReply },
      },
    },
    async (req) => svc.dashboard(req.user!.id, req.query.days, req.query.storeId),
  );

  app.get(
    '/api/store/products',
    {
      preHandler: requireAuth,
      preValidation: dropEmpty,
      schema: {
        tags,
        summary:
          'My products: search, filters (category, active, stock), sorting, cursor paging (50 a page)',
        querystring: productListQuery,
        response: { 200: productListReply },
      },
    },
    async (req) => svc.listProducts(req.user!.id, req.query),
  );

  app.post(
    '/api/store/products',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Adds a product to my store, with the cars it fits',
        body: productCreateBody,
        response: { 201: productSaved },
      },
    },
    async (req, reply) => reply.status(201).send(await svc.createProduct(req.user!.id, req.body)),
  );

  app.get(
    '/api/store/categories',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The category picker of my products: top categories with their kinds of part',
        response: { 200: categoryTreeReply },
      },
    },
    async () => svc.categoryTree(),
  );

  app.get(
    '/api/store/products/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One of my products with every field, its fitment and pictures',
        params: idParam(),
        response: { 200: productReply },
      },
    },
    async (req) => svc.getProduct(req.user!.id, req.params.id),
  );

  app.patch(
    '/api/store/products/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Changes one of my products: any fields (price and stock alone for a quick edit; active: false hides it); fitments replace all rows',
        params: idParam(),
        body: productUpdateBody,
        response: { 200: productSaved },
      },
    },
    async (req) => svc.updateProduct(req.user!.id, req.params.id, req.body),
  );
}
