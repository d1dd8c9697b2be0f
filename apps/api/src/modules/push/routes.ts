import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import {
  keyReply,
  subscribeBody,
  subscribedReply,
  unsubscribeBody,
  unsubscribedReply,
} from './schemas.ts';
import { pushService } from './service.ts';
// The push.send job is declared with the module.
import './jobs.ts';
import { privateWrites } from '../../lib/page-cache.ts';

/** Web Push: the key browsers subscribe with, and a browser's consent given or taken back. */
export default async function pushRoutes(fastify: FastifyInstance) {
  privateWrites(fastify); // no guest page shows what these write
  const app = typedRoutes(fastify);
  const svc = pushService(app);
  const tags = ['notifications'];
  app.get(
    '/api/push/key',
    {
      schema: {
        tags,
        summary: 'The public key browsers subscribe to our push notices with (null: push is off)',
        response: { 200: keyReply },
      },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'no-cache').send({ status: true, publicKey: svc.publicKey() }),
  );
  app.post(
    '/api/push/subscriptions',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Send my notifications to this browser too (its push subscription)',
        body: subscribeBody,
        response: { 201: subscribedReply },
      },
    },
    async (req, reply) => {
      await svc.subscribe(req.user!.id, req.body);
      return reply
        .status(201)
        .send({ status: true, message: 'Notifications are on for this phone' });
    },
  );
  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Stop sending my notifications to this browser',
        body: unsubscribeBody,
        response: { 200: unsubscribedReply },
      },
    },
    async (req) => ({
      status: true,
      removed: await svc.unsubscribe(req.user!.id, req.body.endpoint),
    }),
  );
}
