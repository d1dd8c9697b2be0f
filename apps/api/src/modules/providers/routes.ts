import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { idParam } from '../../lib/schemas.ts';
import {
  listReply,
  mechanicsQuery,
  oneReply,
  topQuery,
  topReply,
  towvansQuery,
} from './schemas.ts';
import { PROVIDER_LISTS_CLEAR, providersService } from './service.ts';

// Lists change when a provider edits a profile: a short shared cache keeps hot filters cheap.
const LIST_CACHE = 'public, max-age=30, stale-while-revalidate=60';

export default async function providersRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = providersService(app.db, {
    listCacheMs: app.config.providersListCacheMs,
    read: app.dbRead,
  });
  const tags = ['providers'];
  // A provider's edit in any process clears this process's list pages too.
  const off = app.bus.subscribe(PROVIDER_LISTS_CLEAR, svc.clearLists);
  app.addHook('onClose', async () => void off());

  app.get(
    '/api/mechanics/indexquery',
    {
      schema: {
        tags,
        summary: 'Mechanics, filtered and cursor-paged (50 a page; lastId = last sp_id)',
        querystring: mechanicsQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', LIST_CACHE).send(await svc.list('mechanic', req.query)),
  );

  app.get(
    '/api/towvans/indexquery',
    {
      schema: {
        tags,
        summary: 'Tow vans, filtered and cursor-paged (50 a page; lastId = last sp_id)',
        querystring: towvansQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', LIST_CACHE).send(await svc.list('towvan', req.query)),
  );

  app.get(
    '/api/providers/top',
    {
      schema: {
        tags,
        summary: 'Top providers of a kind for the home page (paying, then verified, first)',
        querystring: topQuery,
        response: { 200: topReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', LIST_CACHE)
        .send({ status: true, items: await svc.top(req.query.kind, req.query.limit) }),
  );

  for (const [path, kind] of [
    ['/api/mechanics/:id', 'mechanic'],
    ['/api/towvans/:id', 'towvan'],
    ['/api/sp/:id', undefined],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: kind
            ? `One ${kind === 'towvan' ? 'tow van' : 'mechanic'} for its page`
            : 'One service provider of either kind (see item.kind)',
          params: idParam(),
          response: { 200: oneReply },
        },
      },
      async (req) => ({ status: true, item: await svc.one(req.params.id, kind) }),
    );
  }
}
