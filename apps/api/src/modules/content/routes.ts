import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { MESSAGES, safeRedirectPath } from '@sf/shared';
import { sendError } from '../../lib/errors.ts';
import { redirectSafely } from '../../lib/redirect.ts';
import { requireAuth } from '../../lib/session.ts';
import * as sc from './schemas.ts';
import { contentService } from './service.ts';
import { loadStaticPages } from './static-pages.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

const PUBLIC_5MIN = 'public, max-age=300, stale-while-revalidate=3600';

/** A plain HTML form post (JavaScript off): answer with a redirect back instead of JSON. */
const isHtmlFormPost = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
  String(req.headers.accept ?? '').includes('text/html');

/** The page the form was on (a path of this site only), with ?newsletter=<result>#newsletter. */
function backTo(req: FastifyRequest, result: 'ok' | 'invalid' | 'error'): string {
  const home = `/?newsletter=${result}#newsletter`;
  const ref = req.headers.referer;
  if (typeof ref !== 'string') return home;
  try {
    const u = new URL(ref);
    if (u.host !== req.headers.host) return home;
    u.searchParams.set('newsletter', result);
    // The Referer's path is the visitor's to choose ("//evil.example/x"): checked like any target.
    return safeRedirectPath(`${u.pathname}${u.search}#newsletter`, home);
  } catch {
    return home; // not a URL
  }
}

export default async function contentRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = contentService(app);
  const tags = ['content'];

  // The help pages are the product's own pages: present with or without demo data.
  app.addHook('onReady', async () => {
    await loadStaticPages(app.db);
  });

  app.get(
    '/api/blogs/categories',
    { schema: { tags, summary: 'Blog categories', response: { 200: sc.categoriesReply } } },
    async (_req, reply) =>
      reply
        .header('cache-control', PUBLIC_5MIN)
        .send({ status: true, items: await svc.categories() }),
  );

  app.get(
    '/api/blogs',
    {
      schema: {
        tags,
        summary: 'Blog posts, newest first, optionally of one category; cursor paging with lastId',
        querystring: sc.blogListQuery,
        response: { 200: sc.postsReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC_5MIN)
        .send({ status: true, ...(await svc.posts(req.query)) }),
  );

  app.get(
    '/api/blogs/blog/:id',
    {
      schema: {
        tags,
        summary: 'One blog post by id or slug',
        params: sc.idOrSlugParam,
        response: { 200: sc.postReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC_5MIN)
        .send({ status: true, items: [await svc.post(req.params.id)] }),
  );

  app.get(
    '/api/blogs/comments/:id',
    {
      schema: {
        tags,
        summary:
          'Comments of a blog post, oldest first (newest last); canComment tells whether the caller may post',
        params: sc.idOrSlugParam,
        response: { 200: sc.commentsReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send({
        status: true,
        items: await svc.comments(req.params.id),
        canComment: Boolean(req.user),
      }),
  );

  app.post(
    '/api/blogs/comments/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Comment on a blog post (signed-in users; plain text, 1-1000 characters; 5 a minute)',
        params: sc.idOrSlugParam,
        body: sc.commentBody,
        response: { 201: sc.commentReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        items: [await svc.addComment(req.params.id, req.user!, req.body.body)],
      }),
  );

  app.get(
    '/api/static/contents/:slug',
    {
      schema: {
        tags,
        summary: 'A static help page: title, summary and body',
        params: sc.slugParam,
        response: { 200: sc.pageReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC_5MIN)
        .send({ status: true, items: [await svc.page(req.params.slug)] }),
  );

  app.get(
    '/api/static/sections/:slug',
    {
      schema: {
        tags,
        summary: 'The ordered sections of a static help page (e.g. the FAQ entries)',
        params: sc.slugParam,
        response: { 200: sc.sectionsReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC_5MIN)
        .send({ status: true, items: await svc.sections(req.params.slug) }),
  );

  app.post(
    '/api/email/contact-list/newsletter',
    {
      schema: {
        tags,
        summary:
          'Subscribe to the newsletter (form body emailAddress, or JSON). A plain HTML form post is answered with a 303 back to the page.',
        body: sc.newsletterBody,
        response: { 200: sc.statusMessage },
      },
      // A form post without JavaScript goes back to its page even when the body is refused.
      errorHandler: (err, req, reply) => {
        const invalid = (err as any).statusCode === 400 || Boolean((err as any).validation);
        if (isHtmlFormPost(req))
          return redirectSafely(reply, backTo(req, invalid ? 'invalid' : 'error'));
        if ((err as any).validation)
          return sendError(reply, 400, 'VALIDATION', MESSAGES.invalidEmail, {
            emailAddress: MESSAGES.invalidEmail,
          });
        throw err;
      },
    },
    async (req, reply) => {
      await svc.subscribe(req.body?.emailAddress, { ip: req.ip });
      if (isHtmlFormPost(req)) return redirectSafely(reply, backTo(req, 'ok'));
      return { status: true, message: MESSAGES.newsletterThanks };
    },
  );

  app.post(
    '/api/contact',
    {
      schema: {
        tags,
        summary:
          'Send a message to support (stored and e-mailed; 5 an hour per address). A refused form answers 400 with errors per field.',
        body: sc.contactBody,
        response: { 201: sc.statusMessage },
      },
    },
    async (req, reply) => {
      const { id } = await svc.contact(req.body ?? {}, {
        ip: req.ip,
        userId: req.user?.id ?? null,
      });
      return reply.status(201).send({
        status: true,
        id,
        message:
          'Thank you. Your message has reached our support team; we reply by e-mail within one working day.',
      });
    },
  );
}
