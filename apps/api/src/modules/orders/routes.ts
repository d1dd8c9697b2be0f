import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../lib/session.ts';
import { Id, idParam, Text } from '../../lib/schemas.ts';
import { defineJob } from '../../lib/jobs.ts';
import { onPaymentSucceeded } from '../payments/service.ts';
import { ordersRepository as repo } from './repository.ts';
import { ordersService as svc, type Who } from './service.ts';
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
const noteBody = (required: boolean, field: string, label: string) =>
  ({
    type: 'object',
    ...(required ? { required: [field] } : {}),
    properties: {
      [field]: Text({ minLength: required ? 3 : 0, maxLength: 500, description: label }),
    },
  }) as const;

type ListQ = { status?: string; lastId?: number };

export default async function ordersRoutes(app: FastifyInstance) {
  // Wiring to the shared seams: payments of purpose 'order', jobs; payouts wire their own.
  onPaymentSucceeded('order', svc.onPaid, (p) => `/user/orders?checkout=${p.purposeId}`);
  await payoutRoutes(app);
  defineJob<{ checkoutId: string }>('orders.expire', (p, ctx) => svc.expire(ctx.app, p.checkoutId));
  defineJob<{ orderId: number }>('orders.refund', (p, ctx) => svc.refund(ctx.app, p.orderId), {
    maxAttempts: 10,
    backoffMs: 60_000,
  });
  defineJob<{ orderId: number }>('orders.release', (p, ctx) => svc.autoRelease(ctx.app, p.orderId));

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const buyer = (req: FastifyRequest): Who => ({ userId: req.user!.id, role: 'buyer' });
  const seller = (req: FastifyRequest): Who => ({ userId: req.user!.id, role: 'seller' });

  // ---- The buyer's orders (every signed-in role buys) ----
  app.get<{ Querystring: ListQ }>(
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
      const list = await repo.listBuyer(app.db, req.user!.id, { ...req.query, limit: PAGE });
      return {
        status: true,
        items: await orderViews(app.db, list, 'buyer'),
        payments: paymentsMode(app),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
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
      const o = await svc.forBuyer(app.db, req.params.id, req.user!.id);
      return { status: true, order: (await orderViews(app.db, [o], 'buyer'))[0] };
    },
  );

  app.get<{ Params: { id: number } }>(
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

  const buyerAction = (path: string, action: Action, summary: string, body?: object) =>
    app.post<{ Params: { id: number }; Body: { reason?: string } }>(
      `/api/orders/:id/${path}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['orders'],
          summary,
          params: idParam(),
          ...(body ? { body } : {}),
          response: { 200: sc.orderReply },
        },
      },
      async (req) => {
        await svc.forBuyer(app.db, req.params.id, req.user!.id);
        const o = await svc.act(app, {
          orderId: req.params.id,
          action,
          who: buyer(req),
          note: req.body?.reason ?? '',
        });
        return { status: true, order: (await orderViews(app.db, [o], 'buyer'))[0] };
      },
    );
  buyerAction(
    'received',
    'receive',
    "'I received it': completes a delivered order and releases its money to the store",
  );
  buyerAction(
    'cancel',
    'cancel',
    'Cancels my order before the store accepts it (a paid order is refunded)',
    noteBody(false, 'reason', 'Why'),
  );

  // ---- The seller's orders (placed with a store they own) ----
  app.get<{ Querystring: ListQ }>(
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
      const stores = await repo.storesOwnedBy(app.db, req.user!.id);
      if (stores.length === 0) return { status: true, items: [], payments: paymentsMode(app) };
      const list = await repo.listStores(app.db, stores, { ...req.query, limit: PAGE });
      return {
        status: true,
        items: await orderViews(app.db, list, 'seller'),
        payments: paymentsMode(app),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
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
      const o = await svc.forSeller(app.db, req.params.id, req.user!.id);
      return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
    },
  );

  const sellerAction = (
    path: string,
    action: Action,
    summary: string,
    body?: { field: string; required: boolean; label: string },
  ) =>
    app.post<{ Params: { id: number }; Body: Record<string, string> }>(
      `/api/store/orders/:id/${path}`,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['store orders'],
          summary,
          params: idParam(),
          ...(body ? { body: noteBody(body.required, body.field, body.label) } : {}),
          response: { 200: sc.orderReply },
        },
      },
      async (req) => {
        await svc.forSeller(app.db, req.params.id, req.user!.id);
        const o = await svc.act(app, {
          orderId: req.params.id,
          action,
          who: seller(req),
          note: body ? (req.body?.[body.field] ?? '').trim() : '',
        });
        return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
      },
    );
  sellerAction('accept', 'accept', 'Accepts a paid or pay-on-delivery order (processing)');
  sellerAction(
    'ship',
    'ship',
    'Marks the order shipped, with a note for the buyer (carrier, tracking)',
    {
      field: 'note',
      required: false,
      label: 'Note for the buyer',
    },
  );
  sellerAction(
    'deliver',
    'deliver',
    "Marks the order delivered (escrow is released on the buyer's word or 7 days later)",
  );
  sellerAction(
    'cancel',
    'cancel',
    'Cancels the order with a reason; a paid order is refunded through Paystack',
    {
      field: 'reason',
      required: true,
      label: 'Why (the buyer reads it)',
    },
  );

  app.post<{ Params: { id: number } }>(
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
      await svc.forSeller(app.db, req.params.id, req.user!.id);
      const o = await svc.markCashPaid(app, req.params.id, seller(req));
      return { status: true, order: (await orderViews(app.db, [o], 'seller'))[0] };
    },
  );
}
