import type { FastifyInstance } from 'fastify';
import { typedRoutes, type TypedApp } from '../../lib/typed-routes.ts';
import { idParam, storeUrlParam } from '../../lib/schemas.ts';
import { requireAuth, requireRole } from '../../lib/session.ts';
import { answerUpload, backToPage, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import { pictureSpec, productPicture } from '../images/uploaded.ts';
import {
  answerBody,
  hideBody,
  jobReviewReply,
  listReply,
  oneReply,
  pageQuery,
  providerListReply,
  providerOneReply,
  providerReviewBody,
  providerSummaryQuery,
  providerSummaryReply,
  reviewBody,
  summaryQuery,
  summaryReply,
} from './schemas.ts';
import { reviewsService } from './service.ts';
import { providerReviewsService } from './provider-service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

const PUBLIC = 'public, max-age=30';

/** Reviews from verified buyers (decision 0018). */
/** One photo in the field `photo` (the page's upload form). */
const PHOTO = pictureSpec(1, 'photo');

export default async function reviewsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = reviewsService(app);
  const tags = ['reviews'];

  app.post(
    '/api/reviews',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Review a part I bought (a delivered order line; once per line)',
        body: reviewBody,
        response: { 201: oneReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Thank you: your review is published',
        item: await svc.create(req.user!, req.body),
      }),
  );
  app.post(
    '/api/reviews/:id/photo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Put a photo on my review (replaces the one there)',
        ...uploadDoc(PHOTO),
        params: idParam(),
        response: { 200: oneReply, ...backToPage },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, await svc.pageOf(req.params.id), async () => ({
        status: true,
        message: 'Your photo is on the review',
        item: await svc.setPhoto(req.user!, req.params.id, async () => {
          const got = await receiveFiles(req, PHOTO, (f) => productPicture(f.data));
          return got.files[0];
        }),
      })),
  );
  app.post(
    '/api/reviews/:id/answer',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The store's one public answer to a review of its part",
        params: idParam(),
        body: answerBody,
        response: { 200: oneReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'Your answer is published',
      item: await svc.answer(req.user!, req.params.id, req.body.answer),
    }),
  );
  app.get(
    '/api/products/:id/reviews',
    {
      schema: {
        tags,
        summary: "A product's reviews, newest first, with its average",
        params: idParam(),
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC)
        .send(await svc.forProduct(req.params.id, req.query.lastId)),
  );
  app.get(
    '/api/stores/:urlName/reviews',
    {
      schema: {
        tags,
        summary: "A store's reviews, newest first, with its average",
        params: storeUrlParam,
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC)
        .send(await svc.forStore(req.params.urlName, req.query.lastId)),
  );
  app.get(
    '/api/reviews/summary',
    {
      schema: {
        tags,
        summary: 'Ratings for product cards: each product and its store (count and average)',
        querystring: summaryQuery,
        response: { 200: summaryReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC)
        .send(await svc.summary(req.query.products.split(',').map(Number))),
  );
  app.get(
    '/api/reviews/mine',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'My reviews, newest first',
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.mine(req.user!, req.query.lastId)),
  );
  app.get(
    '/api/store/reviews',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Reviews of my store's parts, to answer them",
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await svc.ofMyStores(req.user!, req.query.lastId)),
  );
  app.get(
    '/api/admin/reviews',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary: 'Every review, hidden ones too, newest first',
        querystring: pageQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.all(req.query.lastId)),
  );
  app.post(
    '/api/admin/reviews/:id/hide',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary: 'Hide a review that breaks the rules (recorded in the audit log)',
        params: idParam(),
        body: hideBody,
        response: { 200: oneReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'The review is hidden',
      item: await svc.hide(req.user!, req.params.id, req.body.note),
    }),
  );

  providerReviewRoutes(app);
}

/** Reviews of mechanics and tow vans after an accepted broadcast job (decision 0022). */
function providerReviewRoutes(app: TypedApp) {
  const svc = providerReviewsService(app);
  const tags = ['reviews'];
  app.get(
    '/api/requests/:id/review',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'My broadcast job: the provider I accepted, and my review of them (null before one)',
        params: idParam(),
        response: { 200: jobReviewReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.ofJob(req.user!, req.params.id)),
  );
  app.post(
    '/api/requests/:id/review',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Review the mechanic or tow van whose offer I accepted (once per job)',
        params: idParam(),
        body: providerReviewBody,
        response: { 201: providerOneReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Thank you: your review is published',
        item: await svc.create(req.user!, req.params.id, req.body),
      }),
  );
  app.post(
    '/api/provider-reviews/:id/answer',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The provider's one public answer to a review of their job",
        params: idParam(),
        body: answerBody,
        response: { 200: providerOneReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'Your answer is published',
      item: await svc.answer(req.user!, req.params.id, req.body.answer),
    }),
  );
  app.get(
    '/api/providers/:id/reviews',
    {
      schema: {
        tags,
        summary: "A mechanic's or tow van's reviews, newest first, with its average",
        params: idParam(),
        querystring: pageQuery,
        response: { 200: providerListReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC)
        .send(await svc.forProvider(req.params.id, req.query.lastId)),
  );
  app.get(
    '/api/providers/ratings',
    {
      schema: {
        tags,
        summary: 'Ratings of mechanics and tow vans for lists (count and average)',
        querystring: providerSummaryQuery,
        response: { 200: providerSummaryReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PUBLIC)
        .send(await svc.summary([...new Set(req.query.ids.split(',').map(Number))])),
  );
  app.get(
    '/api/provider-reviews/mine',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Reviews of the mechanic or tow van listings I run, to answer them',
        querystring: pageQuery,
        response: { 200: providerListReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.ofMine(req.user!, req.query.lastId)),
  );
  app.get(
    '/api/admin/provider-reviews',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary: 'Every review of a mechanic or tow van, hidden ones too, newest first',
        querystring: pageQuery,
        response: { 200: providerListReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.all(req.query.lastId)),
  );
  app.post(
    '/api/admin/provider-reviews/:id/hide',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary: 'Hide a review of a mechanic or tow van (recorded in the audit log)',
        params: idParam(),
        body: hideBody,
        response: { 200: providerOneReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'The review is hidden',
      item: await svc.hide(req.user!, req.params.id, req.body.note),
    }),
  );
}
