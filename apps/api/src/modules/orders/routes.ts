import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../lib/session.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, idParam, Text } from '../../lib/schemas.ts';
import { defineJob } from '../../lib/jobs.ts';
import { onPaymentSucceeded } from '../payments/service.ts';
import { ordersService, type Who } from './service.ts';
import { orderViews } from './view.ts';
import payoutRoutes from './payout-routes.ts';
import { invoiceFor } from './invoice.ts';
import { paymentsMode } from '../payments/setup.ts';
import { ORDER_STATES, type Action } from './states.ts';
import * as sc from './schemas.ts';

const PAGE = 20;
const listQuery = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...ORDER_STATES] },
    lastId: Id(),
  },
} as const;
/** A note written with a move (the buyer reads it), at least 3 characters when required. */
const note = (required: boolean, label: string) =>
  Text({ minLength: required ? 3 : 0, maxLength: 500, description: label });
const buyerCancelBody = { type: 'object', properties: { reason: note(false, 'Why') } } as const;
const shipBody = {
  type: 'object',
  properties: { note: note(false, 'Note for the buyer') },
} as const;
const sellerCancelBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: note(true, 'Why (the buyer reads it)') },
} as const;

export default async function ordersRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = ordersService(app);
  // Wiring to the shared seams: payments of purpose 'order', jobs; payouts wire their own. The
  // payment and the jobs name the app they run in: the service is made for it.
  onPaymentSucceeded(
    'order',
    (tx, p, payApp) => ordersService(payApp).onPaid(tx, p),
    (p) => `/user/orders?checkout=${p.purposeId}`,
  );
  await payoutRoutes(fastify);
  defineJob<{ checkoutId: string }>('orders.expire', (p, ctx) =>
    ordersService(ctx.app).expire(p.checkoutId),
  );
  defineJob<{ orderId: number }>(
    'orders.refund',
    (p, ctx) => ordersService(ctx.app).refund(p.orderId),
    { maxAttempts: 10, backoffMs: 60_000 },
  );
  defineJob<{ orderId: number }>('orders.release', (p, ctx) =>
    ordersService(ctx.app).autoRelease(p.orderId),
  );

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const buyer = (req: FastifyRequest): Who => ({ userId: req.user!.id, role: 'buyer' });
  const seller = (req: FastifyRequest): Who => ({ userId: req.user!.id, role: 'seller' });

  // ---- The buyer's orders (every signed-in role buys) ----
  app.get(
    '/api/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary:
          'My orders, newest first, each with items, timeline and where the money is (20 a page; lastId = last id)',
        querystring: listQuery,
        response: { 200: sc.ordersReply },
      },
    },
    async (req) => {
      const list = await svc.listBuyer(req.user!.id, { ...req.query, limit: PAGE });
      return {
        status: true,
        items: await orderViews(app.db, list, 'buyer'),
        payments: paymentsMode(app),
      };
    },
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'One of my orders (receipt and timeline)',
        params: idParam(),
        response: { 200: sc.orderReply },
      },
    },
    async (req) => {
      const o = await svc.forBuyer(req.params.id, req.user!.id);
      return { status: true, order: (await orderViews(app.db, [o], 'buyer'))[0] };
    },
  );

  app.get(
    '/api/orders/:id/invoice',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary:
          "An order's invoice: for its buyer and its store's owner only (anyone else: 404, as for no such order)",
        params: idParam(),
        response: { 200: sc.invoiceReply },
      },
    },
    async (req) => ({
      status: true as const,
      invoice: await invoiceFor(app.db, req.params.id, req.user!.id),
    }),
  );

  /** The buyer moves their own order; `note` goes in its timeline. */
  const buyerMove = async (req: FastifyRequest, orderId: number, action: Action, note: string) => {
    await svc.forBuyer(orderId, req.user!.id);
    const o = await svc.act({ orderId, action, who: buyer(req), note });
    return { status: true, order: (await orderViews(app.db, [o], 'buyer'))[0] };
  };
  app.post(
    '/api/orders/:id/received',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "'I received it': completes a delivered order and releases its money to the store",
        params: idParam(),
        response: { 200: sc.orderReply },
      },
    },
    async (req) => buyerMove(req, req.params.id, 'receive', ''),
  );
  app.post(
    '/api/orders/:id/cancel',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Cancels my order before the store accepts it (a paid order is refunded)',
        params: idParam(),
        body: buyerCancelBody,
        response: { 200: sc.orderReply },
      },
    },
    async (req) => buyerMove(req, req.params.id, 'cancel', req.body?.reason ?? ''),
  );

  // ---- The seller's orders (placed with a store they own) ----
  app.get(
    '/api/store/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store orders'],
        summary: 'Orders placed with my store, newest first (20 a page; lastId = last id)',
        querystring: listQuery,
        response: { 200: sc.ordersReply },
      },
    },
    async (req) => {
      const list = await svc.listSeller(req.user!.id, { ...req.query, limit: PAGE });
      if (!list) return { status: true, items: [], payments: paymentsMode(app) };
      return {
        status: true,
        items: await orderViews(app.db, list, 'seller'),
        payments: paymentsMode(app),
      };
    },
  );

  app.get(
    '/api/store/orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store orders'],
        summary: 'One order of my store',
        params: idParam(),
        response: { 200: sc.orderReply },
      },
    },
    async (req) => {
      const o = await svc.forSeller(req.params.id, req.user!.id);
      return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
    },
  );

  /** The store's owner moves an order of their store; `note` goes in its timeline. */
  const sellerMove = async (req: FastifyRequest, orderId: number, action: Action, note: string) => {
    await svc.forSeller(orderId, req.user!.id);
    const o = await svc.act({ orderId, action, who: seller(req), note });
    return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
  };
  const sellerOptions = (summary: string) => ({
    preHandler: requireAuth,
    schema: {
      tags: ['store orders'],
      summary,
      params: idParam(),
      response: { 200: sc.orderReply },
    },
  });
  app.post(
    '/api/store/orders/:id/accept',
    sellerOptions('Accepts a paid or pay-on-delivery order (processing)'),
    async (req) => sellerMove(req, req.params.id, 'accept', ''),
  );
  app.post(
    '/api/store/orders/:id/ship',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store orders'],
        summary: 'Marks the order shipped, with a note for the buyer (carrier, tracking)',
        params: idParam(),
        body: shipBody,
        response: { 200: sc.orderReply },
      },
    },
    async (req) => sellerMove(req, req.params.id, 'ship', (req.body?.note ?? '').trim()),
  );
  app.post(
    '/api/store/orders/:id/deliver',
    sellerOptions(
      "Marks the order delivered (escrow is released on the buyer's word or 7 days later)",
    ),
    async (req) => sellerMove(req, req.params.id, 'deliver', ''),
  );
  app.post(
    '/api/store/orders/:id/cancel',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store orders'],
        summary: 'Cancels the order with a reason; a paid order is refunded through Paystack',
        params: idParam(),
        body: sellerCancelBody,
        response: { 200: sc.orderReply },
      },
    },
    async (req) => sellerMove(req, req.params.id, 'cancel', (req.body?.reason ?? '').trim()),
  );

  app.post(
    '/api/store/orders/:id/mark-paid',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store orders'],
        summary:
          'Cash received for a pay-on-delivery order (only those: Paystack confirms online payments)',
        params: idParam(),
        response: { 200: sc.orderReply },
      },
    },
    async (req) => {
      await svc.forSeller(req.params.id, req.user!.id);
      const o = await svc.markCashPaid(req.params.id, seller(req));
      return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
    },
  );
}
