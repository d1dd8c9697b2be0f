import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, nullable } from '../../lib/schemas.ts';
import { placeReply } from './schemas.ts';
import { requireAuth } from '../../lib/session.ts';
import { PRIVATE } from '../../lib/cache-control.ts';
import { placeService } from './place-service.ts';

// The signed-in user's place (the header's "Your state"); the rules are in place-service.ts.

export default async function placeRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const tags = ['account'];
  const place = placeService(app.db);
  app.get(
    '/api/user/place',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's state and city (null when not chosen)",
        response: { 200: placeReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, place: await place.placeOf(req.user!.id) }),
  );
  app.put(
    '/api/user/place',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Sets the signed-in user's state (and optionally a city of it); null clears it",
        body: {
          type: 'object',
          required: ['stateId'],
          properties: {
            stateId: nullable(Id()),
            cityId: nullable(Id()),
          },
          additionalProperties: false,
        },
        response: { 200: placeReply },
      },
    },
    async (req, reply) => {
      const { stateId, cityId = null } = req.body;
      return reply
        .header('cache-control', PRIVATE)
        .send({ status: true, ...(await place.setPlace(req.user!.id, stateId, cityId)) });
    },
  );
}
