import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { fitQuery, fitReply } from './schemas.ts';
import { fitService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** 'Fits your 2010 Toyota Corolla': products checked against one of the signed-in user's cars. */
export default async function fitRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const fit = fitService(app.db);
  app.get(
    '/api/fit',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['garage'],
        summary: 'Whether products fit one of my cars (the newest saved when no car is named)',
        querystring: fitQuery,
        response: { 200: fitReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(
          await fit.check(
            req.user!.id,
            (req.query.ids ?? '').split(',').filter(Boolean).map(Number),
            req.query.car,
          ),
        ),
  );
}
