import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Text, idParam, storeUrlParam } from '../../lib/schemas.ts';
import {
  categoriesReply,
  categoryReply,
  detailReply,
  listQuery,
  listReply,
  storeReply,
  suggestReply,
} from './schemas.ts';
import {
  CATALOG_LISTS_CLEAR,
  categoriesService,
  clearCatalogListsHere,
  productsService,
  relayCatalogListClears,
} from './service.ts';
import { sendCachedJson } from '../../lib/cached-json.ts';

/** GET forms send empty fields (`?carmake=`): an empty value means "no filter", so drop it before validation. */
async function dropEmpty(req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  if (q && typeof q === 'object') for (const k of Object.keys(q)) if (q[k] === '') delete q[k];
}

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pagesize: listQuery.properties.pagesize,
    count: listQuery.properties.count,
    lastId: listQuery.properties.lastId,
  },
} as const;
const LIST_CACHE = 'public, max-age=30';

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  // Public reads: the replica when there is one (DATABASE_READ_URL).
  const categories = categoriesService(app.db, app.dbRead);
  const products = productsService(app.db, {
    listCacheMs: app.config.catalogListCacheMs,
    read: app.dbRead,
  });
  const tags = ['catalog'];
  // A seller's change clears the lists of this process at once and, through the bus, of every
  // other process and machine (with REDIS_URL), instead of leaving them to their TTL.
  const offRelay = relayCatalogListClears(app.db, () => {
    app.bus.publish(CATALOG_LISTS_CLEAR, { type: 'cache.clear' }).catch(() => undefined);
  });
  const offClear = app.bus.subscribe(CATALOG_LISTS_CLEAR, () => clearCatalogListsHere(app.db));
  app.addHook('onClose', async () => {
    offRelay();
    offClear();
  });

  app.get(
    '/api/categories/getByParentId/:id',
    {
      schema: {
        tags,
        summary: 'Child categories of a category (0: the top categories)',
        params: idParam(),
        response: { 200: categoriesReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'public, max-age=600')
        .send({ status: true, items: await categories.byParent(req.params.id) }),
  );

  app.get(
    '/api/categories/:id',
    {
      schema: {
        tags,
        summary: 'A category with its parent and children',
        params: idParam(),
        response: { 200: categoryReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'public, max-age=600')
        .send({ status: true, item: await categories.withFamily(req.params.id) }),
  );

  app.get(
    '/api/products/categories/:id',
    {
      preValidation: dropEmpty,
      schema: {
        tags,
        summary: 'Parts list: filters, search (ranked), cursor paging (50 a page)',
        description:
          'Path id 0 = all categories. lastId is the cursor from the previous answer (prod_id, or score:prod_id when searching).',
        params: idParam(),
        querystring: listQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply.header('cache-control', LIST_CACHE),
        await products.list({ ...req.query, catId: req.params.id }),
      ),
  );

  app.get(
    '/api/products/search',
    {
      schema: {
        tags,
        summary: 'Search suggestions (more than 3 characters)',
        querystring: {
          type: 'object',
          properties: { prodName: Text({ maxLength: 100 }) },
          required: ['prodName'],
        },
        response: { 200: suggestReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', LIST_CACHE).send(await products.suggest(req.query.prodName)),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with its store, images and fitment',
        params: idParam(),
        response: { 200: detailReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', LIST_CACHE)
        .send({ status: true, item: await products.detail(req.params.id) }),
  );

  app.get(
    '/api/stores/:urlName',
    {
      preValidation: dropEmpty,
      schema: {
        tags,
        summary: 'A store and the first page of its products',
        params: storeUrlParam,
        querystring: pageQuery,
        response: { 200: storeReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', LIST_CACHE)
        .send(await products.store(req.params.urlName, req.query)),
  );

  app.get(
    '/api/stores/:urlName/products',
    {
      preValidation: dropEmpty,
      schema: {
        tags,
        summary: "A page of a store's products",
        params: storeUrlParam,
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', LIST_CACHE)
        .send(await products.list({ ...req.query, store: req.params.urlName })),
  );
}
