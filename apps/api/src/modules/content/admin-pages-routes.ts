import type { FastifyInstance, FastifyReply } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Obj, Text, envelope, errorSchema, okStatus } from '../../lib/schemas.ts';
import adminBlogRoutes from './admin-blog-routes.ts';
import adminInboxRoutes from './admin-inbox-routes.ts';
import { adminPagesService } from './admin-pages-service.ts';
import { pageItem, sectionItem, slugParam } from './schemas.ts';

// Staff edit the 15 help pages (/static/{slug}); the rules are in admin-pages-service.ts.

const pageListItem = Obj({
  slug: { type: 'string' },
  title: { type: 'string' },
  updated_at: { type: 'string' },
});
const pageWithSections = Obj({
  status: okStatus,
  item: pageItem,
  sections: { type: 'array', items: sectionItem },
});
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Staff content: help pages, the blog, newsletter subscribers and contact messages. */
export default async function adminPageRoutes(fastify: FastifyInstance) {
  await adminBlogRoutes(fastify);
  await adminInboxRoutes(fastify);
  const app = typedRoutes(fastify);
  const pages = adminPagesService(app.db);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const tags = ['admin'];
  app.get(
    '/api/admin/pages',
    {
      schema: {
        tags,
        summary: 'The help pages, last changed first',
        response: { 200: envelope(pageListItem), 401: errorSchema, 403: errorSchema },
      },
    },
    async (_req, reply) => noStore(reply).send({ status: true, items: await pages.list() }),
  );
  app.get(
    '/api/admin/pages/:slug',
    {
      schema: {
        tags,
        summary: 'One help page with its sections, for editing',
        params: slugParam,
        response: { 200: pageWithSections, ...errors },
      },
    },
    async (req, reply) =>
      noStore(reply).send({ status: true, ...(await pages.read(req.params.slug)) }),
  );
  app.put(
    '/api/admin/pages/:slug',
    {
      schema: {
        tags,
        summary: "Replaces a help page's title, summary, body and sections (restricted Markdown)",
        params: slugParam,
        body: {
          type: 'object',
          required: ['title', 'summary', 'body', 'sections'],
          additionalProperties: false,
          properties: {
            title: Text({ minLength: 1, maxLength: 120 }),
            summary: Text({ maxLength: 300 }),
            body: Text({ maxLength: 20_000, multiline: true }),
            sections: {
              type: 'array',
              maxItems: 60,
              items: {
                type: 'object',
                required: ['heading', 'body'],
                additionalProperties: false,
                properties: {
                  heading: Text({ maxLength: 200 }),
                  body: Text({ maxLength: 5000, multiline: true }),
                },
              },
            },
            note: Text({ maxLength: 500, multiline: true }),
          },
        },
        response: { 200: pageWithSections, ...errors },
      },
    },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await pages.update(req.user!, req.params.slug, req.body)),
      }),
  );
}
