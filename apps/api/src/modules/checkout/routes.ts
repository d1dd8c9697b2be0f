import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { IDEMPOTENCY_KEY_RE } from '@sf/shared';
import { badRequest } from '../../lib/errors.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { checkoutService } from './service.ts';
import * as sc from './schemas.ts';

const tags = ['checkout'];
const id = Id();
const couponCode = Text({ maxLength: 40 });

export default async function checkoutRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = checkoutService(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/api/checkout/quote',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'What the cart costs now per store (subtotal, coupon discount, delivery fee, total, in kobo); nothing is written',
        body: {
          type: 'object',
          properties: {
            fulfilment: { type: 'string', enum: ['delivery', 'pickup'], default: 'delivery' },
            stateId: id,
            couponCode,
          },
        },
        response: { 200: sc.quoteReply },
      },
    },
    async (req) => svc.quote(req.user!.id, req.body ?? {}),
  );

  app.post(
    '/api/checkout',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Places one order per store from the cart. Idempotency-Key header (8-100 characters, new per attempt): the same key never places orders twice',
        headers: {
          type: 'object',
          properties: { 'idempotency-key': { type: 'string' } },
        },
        body: {
          type: 'object',
          required: ['fulfilment', 'phone', 'paymentMethod'],
          properties: {
            fulfilment: { type: 'string', enum: ['delivery', 'pickup'] },
            stateId: id,
            cityId: id,
            street: Text({ maxLength: 300 }),
            phone: Text({ maxLength: 30 }),
            couponCode,
            paymentMethod: { type: 'string', enum: ['paystack', 'pay_on_delivery'] },
          },
        },
        response: { 200: sc.checkoutReply, 201: sc.checkoutReply },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_RE.test(key))
        throw badRequest(
          'Send an Idempotency-Key header (8 to 100 letters, digits, - _ . :), new for each checkout',
        );
      const out = await svc.checkout(req.user!, key, req.body);
      if (out.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(out.replayed ? 200 : 201).send(out);
    },
  );

  app.post(
    '/api/checkout/:checkoutId/pay',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The Paystack page for a checkout that still awaits payment',
        params: {
          type: 'object',
          required: ['checkoutId'],
          properties: { checkoutId: { type: 'string', format: 'uuid' } },
        },
        response: { 200: sc.payReply },
      },
    },
    async (req) => svc.pay(req.user!.id, req.params.checkoutId),
  );
}
