import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, Int, Obj, Text, idParam, nullable, okStatus as ok } from '../../lib/schemas.ts';
import { Confirm, Note } from '../admin/schemas.ts';
import { adminBlogService } from './admin-blog-service.ts';
import { adminCategory, adminComment, adminPost, adminPostFull } from './admin-schemas.ts';

// Staff's blog routes (decision 0019): posts, categories and comment moderation; the rules are in
// admin-blog-service.ts.

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

const SLUG = '^[a-z0-9-]{1,100}$';
const COLOR = '^#[0-9A-Fa-f]{6}$';

const listOf = <const T extends object>(item: T) =>
  Obj({ status: ok, items: { type: 'array', items: item }, lastId: nullable(int) });
const oneOf = <const T extends object>(item: T) =>
  Obj({ status: ok, message: str, item }, ['message']);

const postFields = {
  title: Text({ minLength: 3, maxLength: 160 }),
  slug: Text({
    maxLength: 100,
    pattern: `^$|${SLUG}`,
    description: 'Made from the title if empty',
  }),
  categoryId: Id(),
  author: Text({ maxLength: 80 }),
  excerpt: Text({ maxLength: 400, multiline: true }),
  body: Text({ maxLength: 40_000, multiline: true }),
  coverColor: Text({ maxLength: 7, pattern: COLOR }),
  note: Text({ maxLength: 500 }),
} as const;
const createPostBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'categoryId', 'excerpt', 'body'],
  properties: postFields,
} as const;
const updatePostBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: postFields,
} as const;
const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['published'],
  properties: { published: bool, note: Text({ maxLength: 500 }) },
} as const;
const postsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: Text({ maxLength: 100 }),
    state: { type: 'string', enum: ['draft', 'published', ''] },
    lastId: Id(),
    pagesize: Int({ minimum: 1, maximum: 50 }),
  },
} as const;
const categoryFields = {
  name: Text({ minLength: 2, maxLength: 60 }),
  slug: Text({ maxLength: 60, pattern: '^$|^[a-z0-9-]{1,60}$' }),
  note: Text({ maxLength: 500 }),
} as const;
const commentsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: {
      type: 'string',
      enum: ['new', 'hidden', 'approved', 'all', ''],
      description: 'new: neither approved nor hidden yet (the default)',
    },
    postId: Id(),
    lastId: Id(),
    pagesize: Int({ minimum: 1, maximum: 50 }),
  },
} as const;

/** Hiding says why (a note is required); approving may. */
const moderateBody = {
  hide: {
    type: 'object',
    additionalProperties: false,
    required: ['note'],
    properties: { note: Note },
  },
  approve: {
    type: 'object',
    additionalProperties: false,
    required: [],
    properties: { note: Text({ maxLength: 500 }) },
  },
} as const;

export default async function adminBlogRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const tags = ['admin'];
  const blog = adminBlogService(app.db);
  const id = idParam();

  app.get(
    '/api/admin/blog/posts',
    {
      schema: {
        tags,
        summary: 'Blog posts with drafts, newest first; filter by text and state',
        querystring: postsQuery,
        response: { 200: listOf(adminPost) },
      },
    },
    async (req) => ({ status: true as const, ...(await blog.posts(req.query)) }),
  );
  app.get(
    '/api/admin/blog/posts/:id',
    {
      schema: {
        tags,
        summary: 'One blog post with its body, for editing',
        params: id,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => ({ status: true as const, item: await blog.post(req.params.id) }),
  );
  app.post(
    '/api/admin/blog/posts',
    {
      schema: {
        tags,
        summary: 'Writes a new blog post as a draft (restricted Markdown body, never HTML)',
        body: createPostBody,
        response: { 201: oneOf(adminPostFull) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Draft saved: publish it when it is ready',
        item: await blog.create(req.user!, req.body),
      }),
  );
  app.patch(
    '/api/admin/blog/posts/:id',
    {
      schema: {
        tags,
        summary: 'Changes a blog post (any field)',
        params: id,
        body: updatePostBody,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => ({
      status: true as const,
      message: 'Saved',
      item: await blog.update(req.user!, req.params.id, req.body),
    }),
  );
  app.post(
    '/api/admin/blog/posts/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publishes a draft (dated now, shown on the blog) or takes a post down',
        params: id,
        body: publishBody,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => {
      const item = await blog.publish(req.user!, req.params.id, req.body.published, req.body.note);
      return {
        status: true as const,
        message: item.published ? 'Published: it shows on the blog now' : 'Taken down: now a draft',
        item,
      };
    },
  );

  app.get(
    '/api/admin/blog/categories',
    {
      schema: {
        tags,
        summary: 'Blog categories with their post counts',
        response: { 200: Obj({ status: ok, items: { type: 'array', items: adminCategory } }) },
      },
    },
    async () => ({ status: true as const, items: await blog.categories() }),
  );
  app.post(
    '/api/admin/blog/categories',
    {
      schema: {
        tags,
        summary: 'Adds a blog category',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: categoryFields,
        },
        response: { 201: oneOf(adminCategory) },
      },
    },
    async (req, reply) => {
      const item = await blog.createCategory(req.user!, req.body);
      return reply.status(201).send({ status: true, message: `${item.name} added`, item });
    },
  );
  app.patch(
    '/api/admin/blog/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames a blog category or changes its slug',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: categoryFields,
        },
        response: { 200: oneOf(adminCategory) },
      },
    },
    async (req) => ({
      status: true as const,
      message: 'Saved',
      item: await blog.updateCategory(req.user!, req.params.id, req.body),
    }),
  );
  app.post(
    '/api/admin/blog/categories/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes an empty blog category (needs confirm)',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { confirm: Confirm, note: Text({ maxLength: 500 }) },
        },
        response: { 200: Obj({ status: ok, message: str }) },
      },
    },
    async (req) => ({
      status: true as const,
      ...(await blog.deleteCategory(req.user!, req.params.id, req.body?.confirm, req.body?.note)),
    }),
  );

  app.get(
    '/api/admin/blog/comments',
    {
      schema: {
        tags,
        summary: 'Blog comments to moderate, newest first (new, hidden, approved or all)',
        querystring: commentsQuery,
        response: { 200: listOf(adminComment) },
      },
    },
    async (req) => ({ status: true as const, ...(await blog.comments(req.query)) }),
  );
  for (const to of ['hide', 'approve'] as const)
    app.post(
      `/api/admin/blog/comments/:id/${to}`,
      {
        schema: {
          tags,
          summary:
            to === 'hide'
              ? 'Hides a comment from the public post (a note says why)'
              : 'Approves a comment: it stays (or shows again if hidden)',
          params: id,
          body: moderateBody[to],
          response: { 200: oneOf(adminComment) },
        },
      },
      async (req) => ({
        status: true as const,
        message: to === 'hide' ? 'Comment hidden' : 'Comment approved',
        item: await blog.moderate(req.user!, req.params.id, to, req.body?.note),
      }),
    );
  app.post(
    '/api/admin/blog/comments/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes a comment for good (needs confirm and a note)',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['note'],
          properties: { confirm: Confirm, note: Note },
        },
        response: { 200: Obj({ status: ok, message: str }) },
      },
    },
    async (req) => ({
      status: true as const,
      ...(await blog.deleteComment(req.user!, req.params.id, req.body.confirm, req.body.note)),
    }),
  );
}
