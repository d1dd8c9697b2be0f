import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { attentionCounts } from './attention.ts';
import { attentionReply, auditQuery, auditReply } from './schemas.ts';
import { auditService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** Admin only, like every /api/admin route (lib/admin-guard.ts). */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const audit = auditService(app.db);
  const tags = ['admin'];
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary:
          'Staff actions, newest first; filter by the record touched, the actor or the action',
        querystring: auditQuery,
        response: { 200: auditReply },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await audit.list(req.query)),
  );
  app.get(
    '/api/admin/attention',
    {
      schema: {
        tags,
        summary: 'What is waiting for staff: one count per kind of work',
        response: { 200: attentionReply },
      },
    },
    async (_req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, items: await attentionCounts(app.db) }),
  );
}
