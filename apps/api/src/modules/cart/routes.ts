import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { Id, Int } from '../../lib/schemas.ts';
import * as sc from './schemas.ts';
import { cartService, MAX_LINES, MAX_QUANTITY } from './service.ts';
import { privateWrites } from '../../lib/page-cache.ts';
import { placeService } from '../lookups/place-service.ts';

const tags = ['cart'];
const quantity = Int({ minimum: 1, maximum: MAX_QUANTITY });
const productParam = {
  type: 'object',
  required: ['productId'],
  properties: { productId: Id() },
} as const;

// Every answer is the whole cart as it is now (prices and stock re-read), so the page never
// shows a stale line after a change.
export default async function cartRoutes(fastify: FastifyInstance) {
  privateWrites(fastify); // no guest page shows what these write
  const app = typedRoutes(fastify);
  const svc = cartService(app.db);
  const places = placeService(app.db);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/api/cart',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "The signed-in cart: lines grouped by store, with today's price and stock; a line whose price changed or that sold out says so",
        response: { 200: sc.cartReply },
      },
    },
    async (req) => svc.view(req.user!.id),
  );

  app.get(
    '/api/cart/count',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'How many items the cart holds (the header icon)',
        response: { 200: sc.countReply },
      },
    },
    async (req) => ({ status: true, count: await svc.count(req.user!.id) }),
  );

  // Every signed-in page reads both for its header: one call instead of two.
  app.get(
    '/api/user/header',
    {
      preHandler: requireAuth,
      schema: {
        tags: [...tags, 'account'],
        summary:
          "What a signed-in page's header shows: how many items the cart holds and the account's state and city (null when not chosen)",
        response: { 200: sc.headerReply },
      },
    },
    async (req) => {
      const [count, place] = await Promise.all([
        svc.count(req.user!.id),
        places.placeOf(req.user!.id),
      ]);
      return { status: true, count, place };
    },
  );

  app.post(
    '/api/cart/items',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Adds a part (quantities add up, capped at the stock)',
        body: {
          type: 'object',
          required: ['productId'],
          properties: {
            productId: Id(),
            quantity: { ...quantity, default: 1 },
          },
        },
        response: { 200: sc.addReply },
      },
    },
    async (req) => svc.add(req.user!.id, req.body.productId, req.body.quantity),
  );

  app.patch(
    '/api/cart/items/:productId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Changes the quantity of a line (at most the stock)',
        params: productParam,
        body: { type: 'object', required: ['quantity'], properties: { quantity } },
        response: { 200: sc.cartReply },
      },
    },
    async (req) => svc.setQuantity(req.user!.id, req.params.productId, req.body.quantity),
  );

  app.delete(
    '/api/cart/items/:productId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Removes a line',
        params: productParam,
        response: { 200: sc.cartReply },
      },
    },
    async (req) => svc.remove(req.user!.id, req.params.productId),
  );

  app.post(
    '/api/cart/merge',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "Merges the guest's browser cart at sign-in: the same part's quantities add, capped at stock",
        body: {
          type: 'object',
          required: ['items'],
          properties: {
            items: {
              type: 'array',
              maxItems: MAX_LINES,
              items: {
                type: 'object',
                required: ['productId', 'quantity'],
                properties: {
                  productId: Id(),
                  quantity,
                },
              },
            },
          },
        },
        response: { 200: sc.mergeReply },
      },
    },
    async (req) => svc.merge(req.user!.id, req.body.items),
  );
}
