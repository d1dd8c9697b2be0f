import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { storeUrlParam } from '../../lib/schemas.ts';
import { trackRecordReply } from './schemas.ts';
import { trackRecordService } from './service.ts';

/** A store's track record: figures from its real orders, never stored. */
export default async function trackRecordRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const service = trackRecordService(app.db);
  app.get(
    '/api/stores/:urlName/track-record',
    {
      schema: {
        tags: ['catalog'],
        summary: "A store's track record: orders, completed, time to ship, disputed and refunded",
        params: storeUrlParam,
        response: { 200: trackRecordReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'public, max-age=60')
        .send(await service.one(req.params.urlName)),
  );
}
