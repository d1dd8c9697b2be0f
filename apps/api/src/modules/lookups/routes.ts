import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { envelope, idParam, optionSchema } from '../../lib/schemas.ts';
import { lookupsService } from './service.ts';

const optionsReply = { 200: envelope(optionSchema) };
// Lookups are reference data: let browsers and proxies keep them for an hour.
const CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

export default async function lookupsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = lookupsService(app.db);
  const list = (items: unknown[]) => ({ status: true, items });
  const tags = ['lookups'];

  app.get(
    '/api/database/states/:country',
    {
      schema: {
        tags,
        summary: "Nigeria's 36 states and the FCT",
        params: {
          type: 'object',
          properties: { country: { type: 'string', enum: ['NG', 'ng'] } },
          required: ['country'],
        },
        response: optionsReply,
      },
    },
    async (_req, reply) => reply.header('cache-control', CACHE).send(list(await svc.states())),
  );

  app.get(
    '/api/database/cities/:stateId',
    {
      schema: {
        tags,
        summary: 'Cities, LGAs and well-known towns of a state',
        params: idParam('stateId'),
        response: optionsReply,
      },
    },
    async (req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.cities(req.params.stateId))),
  );

  app.get(
    '/api/database/cars/make',
    { schema: { tags, summary: 'Car makes', response: optionsReply } },
    async (_req, reply) => reply.header('cache-control', CACHE).send(list(await svc.makes())),
  );

  app.get(
    '/api/database/cars/model/:makeId',
    {
      schema: {
        tags,
        summary: 'Models of a make',
        params: idParam('makeId'),
        response: optionsReply,
      },
    },
    async (req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.models(req.params.makeId))),
  );

  app.get(
    '/api/database/cars/year/:modelId',
    {
      schema: {
        tags,
        summary: 'Model years of a model, newest first',
        params: idParam('modelId'),
        response: optionsReply,
      },
    },
    async (req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.years(req.params.modelId))),
  );

  app.get(
    '/api/database/vehicleType',
    { schema: { tags, summary: 'Vehicle types', response: optionsReply } },
    async (_req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.vehicleTypes())),
  );

  app.get(
    '/api/mechanics/specialities',
    { schema: { tags, summary: 'Mechanic specialities', response: optionsReply } },
    async (_req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.specialities())),
  );

  app.get(
    '/api/sp-garage/towcapacity/master',
    { schema: { tags, summary: 'Tow capacities', response: optionsReply } },
    async (_req, reply) =>
      reply.header('cache-control', CACHE).send(list(await svc.towCapacities())),
  );
}
