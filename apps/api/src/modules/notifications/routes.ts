import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { nigerianMobile } from '@sf/shared';
import { conflict } from '../../lib/errors.ts';
import { requireAuth } from '../../lib/session.ts';
import { emailBody, emailReply, notificationsReply, readReply, smsReply } from './schemas.ts';
import { notificationsService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';
import { privateWrites } from '../../lib/page-cache.ts';

/** The bell: the latest notifications and the unread count; new ones arrive on /api/live. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  privateWrites(fastify); // no guest page shows what these write
  const app = typedRoutes(fastify);
  const svc = notificationsService(app);
  const tags = ['notifications'];
  app.get(
    '/api/notifications',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'My latest 30 notifications and how many are unread',
        response: { 200: notificationsReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.list(req.user!.id, req.user!.phone)),
  );
  app.post(
    '/api/notifications/read',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: readReply } },
    },
    async (req) => {
      await svc.markRead(req.user!.id);
      return { status: true, unread: 0 };
    },
  );
  app.post(
    '/api/notifications/email',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Turn e-mail copies of my notifications on or off',
        body: emailBody,
        response: { 200: emailReply },
      },
    },
    async (req) => {
      await svc.setEmail(req.user!.id, req.body.on);
      return { status: true, email: req.body.on };
    },
  );
  app.post(
    '/api/notifications/sms',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Turn SMS copies of my notifications (orders, offers) on or off; off by default. 409 when SMS cannot reach my number',
        body: emailBody,
        response: { 200: smsReply },
      },
    },
    async (req) => {
      if (req.body.on && (!app.sms || !nigerianMobile(req.user!.phone)))
        throw conflict(
          app.sms
            ? 'SMS copies need a Nigerian mobile number: change your number on your profile'
            : 'SMS copies are not available right now',
        );
      await svc.setSms(req.user!.id, req.body.on);
      return { status: true, sms: req.body.on };
    },
  );
}
