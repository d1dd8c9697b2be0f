import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { vpicDecoder } from './decoder.ts';
import { decodeParams, decodeQuery, decodeReply } from './schemas.ts';
import { vinService } from './service.ts';
import type { VinDecodeAnswer } from './types.ts';

// A decode never changes for the same data version: let browsers keep it for a day.
const CACHE = 'public, max-age=86400';

export default async function vinRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
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
  app.decorate('vinStats', vin.stats);

  const decode = async (raw: string): Promise<VinDecodeAnswer> => ({
    status: true,
    items: [await vin.decode(raw)],
  });
  app.get(
    '/api/vin/decode/:vin',
    {
      schema: {
        tags: ['vin'],
        summary:
          'Decode a VIN offline (NHTSA vPIC): make, model, year, body, engine, plant; a malformed VIN is a 400 with the reason',
        params: decodeParams,
        response: { 200: decodeReply },
      },
    },
    async (req, reply) => reply.header('cache-control', CACHE).send(await decode(req.params.vin)),
  );
  app.get(
    '/api/vin/decode',
    {
      schema: {
        tags: ['vin'],
        summary: 'Decode a VIN (as /api/vin/decode/{vin})',
        querystring: decodeQuery,
        response: { 200: decodeReply },
      },
    },
    async (req, reply) => reply.header('cache-control', CACHE).send(await decode(req.query.vin)),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    vinStats: import('./service.ts').DecodeStats;
  }
}
