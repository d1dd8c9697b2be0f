import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../lib/session.ts';
import { vpicDecoder } from './decoder.ts';
import { decodeParams, decodeQuery, garageBody, garageIdParam } from './schemas.ts';
import { garageService, vinService, type AddCarInput } from './service.ts';

// A decode never changes for the same data version: let browsers keep it for a day.
const CACHE = 'public, max-age=86400';

export default async function vinRoutes(app: FastifyInstance) {
  const vpic = vpicDecoder(app.config.dataDir);
  const vin = vinService(app.db, vpic, app.log);
  // A listening server unpacks the decoder's database in the background a moment after start-up,
  // so the first visitor does not wait for it; tests (inject, no listen) stay lazy.
  app.addHook('onListen', async () => {
    setTimeout(() => {
      vpic.decoder().then(
        () => app.log.info({ ...vpic.timings, dir: vpic.dir }, 'VIN decoder ready'),
        (err) =>
          app.log.warn(
            { err },
            'VIN decoder could not be prepared; it will retry on the first decode',
          ),
      );
    }, 3000).unref();
  });
  const garage = garageService(app.db);
  app.decorate('vinStats', vin.stats);

  const decode = async (raw: string) => ({ status: true, items: [await vin.decode(raw)] });
  app.get<{ Params: { vin: string } }>(
    '/api/vin/decode/:vin',
    {
      schema: {
        tags: ['vin'],
        summary:
          'Decode a VIN offline (NHTSA vPIC): make, model, year, body, engine, plant; a malformed VIN is a 400 with the reason',
        params: decodeParams,
      },
    },
    async (req, reply) => reply.header('cache-control', CACHE).send(await decode(req.params.vin)),
  );
  app.get<{ Querystring: { vin: string } }>(
    '/api/vin/decode',
    {
      schema: {
        tags: ['vin'],
        summary: 'Decode a VIN (as /api/vin/decode/{vin})',
        querystring: decodeQuery,
      },
    },
    async (req, reply) => reply.header('cache-control', CACHE).send(await decode(req.query.vin)),
  );

  const tags = ['garage'];
  app.get(
    '/api/garage',
    {
      preHandler: requireAuth,
      schema: { tags, summary: "The signed-in user's saved cars, newest first" },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send({ status: true, items: await garage.list(req.user!.id) }),
  );
  app.post<{ Body: AddCarInput }>(
    '/api/garage',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: `Save a car to my garage (a VIN, or a make with optional model and year)`,
        body: garageBody,
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Saved to your garage',
        items: [await garage.add(req.user!.id, req.body)],
      }),
  );
  app.delete<{ Params: { id: string } }>(
    '/api/garage/:id',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'Remove one of my cars', params: garageIdParam },
    },
    async (req) => {
      await garage.remove(req.user!.id, req.params.id);
      return { status: true, message: 'Removed from your garage', items: [] };
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    vinStats: import('./service.ts').DecodeStats;
  }
}
