import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { failedJobsReply, jobActionReply, jobParams } from './schemas.ts';
import { jobsService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** Admin only, like every /api/admin route (lib/admin-guard.ts). */
export default async function jobsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = jobsService(app.db);
  const tags = ['admin'];
  app.get(
    '/api/admin/jobs/failed',
    {
      schema: {
        tags,
        summary: 'Background jobs that failed after every attempt, newest first',
        response: { 200: failedJobsReply },
      },
    },
    async (_req, reply) =>
      reply.header('cache-control', PRIVATE).send({ status: true, items: await svc.failed() }),
  );
  app.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Runs a failed job again with fresh attempts (audited)',
        params: jobParams,
        response: { 200: jobActionReply },
      },
    },
    async (req) => {
      await svc.retry(req.user!.id, req.params.id);
      return { status: true, message: 'The job will run again shortly' };
    },
  );
  app.delete(
    '/api/admin/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Gives a failed job up for good (audited)',
        params: jobParams,
        response: { 200: jobActionReply },
      },
    },
    async (req) => {
      await svc.discard(req.user!.id, req.params.id);
      return { status: true, message: 'The job was discarded' };
    },
  );
}
