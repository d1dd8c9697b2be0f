import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { defineJob } from '../../lib/jobs.ts';
import { requireRole } from '../../lib/session.ts';
import { onPaymentSucceeded } from '../payments/service.ts';
import { subscriptionReply, upgradeBody, upgradeReply } from './schemas.ts';
import { subscriptionsService } from './service.ts';

type Period = { userId: string; periodEnd: string };

export default async function subscriptionsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = subscriptionsService(app);
  // Wiring to the shared seams (decision 0008): payments of purpose 'subscription', two jobs.
  // The payment handler and the jobs work on the app that settles or runs them.
  onPaymentSucceeded(
    'subscription',
    (tx, p, paidOn) => subscriptionsService(paidOn).onPaid(tx, p),
    svc.returnTo,
  );
  defineJob<Period>('subscriptions.remind', (p, ctx) =>
    subscriptionsService(ctx.app).remind(p.userId, p.periodEnd),
  );
  defineJob<Period>('subscriptions.end', (p, ctx) =>
    subscriptionsService(ctx.app).end(p.userId, p.periodEnd),
  );

  const tags = ['subscriptions'];
  const businesses = requireRole('Seller', 'Mechanic', 'Tow Van');

  app.get(
    '/api/subscriptions',
    {
      preHandler: businesses,
      schema: {
        tags,
        summary:
          'My plan (store plans for a seller, provider plans for a mechanic or tow van), its renewal date and every plan',
        response: { 200: subscriptionReply },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return svc.status(req.user!);
    },
  );

  app.post(
    '/api/subscriptions/upgrade',
    {
      preHandler: businesses,
      schema: {
        tags,
        summary:
          'Pays for a plan through Paystack: answers the payment page. Dearer: starts when paid, its 30 days plus the days left on the cheaper plan at the two prices; the same: one more period; cheaper: starts when the current period ends',
        body: upgradeBody,
        response: { 200: upgradeReply },
      },
    },
    async (req) => svc.upgrade(req.user!, req.body.plan),
  );
}
