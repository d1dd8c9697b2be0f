import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { changeReply, garageBody, garageIdParam, listReply } from './schemas.ts';
import { garageService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';
import { privateWrites } from '../../lib/page-cache.ts';

/** 'My cars': the cars a signed-in user keeps, so the parts filter can start from one of them. */
export default async function garageRoutes(fastify: FastifyInstance) {
  privateWrites(fastify); // no guest page shows what these write
  const app = typedRoutes(fastify);
  const garage = garageService(app.db);
  const tags = ['garage'];
  app.get(
    '/api/garage',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's saved cars, newest first",
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, items: await garage.list(req.user!.id) }),
  );
  app.post(
    '/api/garage',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: `Save a car to my garage (a VIN, or a make with optional model and year)`,
        body: garageBody,
        response: { 201: changeReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Saved to your garage',
        items: [await garage.add(req.user!.id, req.body)],
      }),
  );
  app.delete(
    '/api/garage/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Remove one of my cars',
        params: garageIdParam,
        response: { 200: changeReply },
      },
    },
    async (req) => {
      await garage.remove(req.user!.id, req.params.id);
      return { status: true, message: 'Removed from your garage', items: [] };
    },
  );
}
