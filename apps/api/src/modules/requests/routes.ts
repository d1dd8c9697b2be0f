import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { defineJob } from '../../lib/jobs.ts';
import { requireAuth } from '../../lib/session.ts';
import { answerUpload, backToPage, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import { pictureSpec, productPicture } from '../images/uploaded.ts';
import {
  acceptReply,
  detailReply,
  incomingReply,
  listQuery,
  listReply,
  offerBody,
  offerParams,
  offerReply,
  optionsReply,
  requestBody,
  requestParams,
  requestReply,
} from './schemas.ts';
import { requestsService, sentMessage, WIDEN_JOB } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** Broadcast requests (a part, a mechanic job, a tow), the offers of providers, acceptance. */
/** One photo in the field `photo` (the page's upload form). */
const PHOTO = pictureSpec(1, 'photo');

export default async function requestsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = requestsService(app);
  const tags = ['requests'];
  defineJob<{ requestId: number }>(WIDEN_JOB, (p, ctx) =>
    requestsService(ctx.app).widen(p.requestId),
  );

  app.post(
    '/api/requests',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Broadcast a request to the matching stores, mechanics or tow vans (open 72 hours); the same clientKey twice is one request (200 the second time)',
        body: requestBody,
        response: { 200: requestReply, 201: requestReply },
      },
    },
    async (req, reply) => {
      const { item, replayed } = await svc.create(req.user!, req.body);
      return reply
        .status(replayed ? 200 : 201)
        .send({ status: true, message: sentMessage(item), item });
    },
  );
  app.post(
    '/api/requests/:id/widen',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Send my open request farther: to the next ring (the state, the bordering states, all Nigeria) until someone new has it',
        params: requestParams,
        response: { 200: requestReply },
      },
    },
    async (req) => ({ status: true, ...(await svc.widenNow(req.user!, req.params.id)) }),
  );
  app.get(
    '/api/requests/options',
    {
      schema: {
        tags,
        summary: 'The choices of the request form: categories, makes, states, specialities …',
        response: { 200: optionsReply },
      },
    },
    async (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .send({ status: true, ...(await svc.options()) }),
  );
  app.get(
    '/api/requests',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'My requests, newest first (50 a page; lastId = last id)',
        querystring: listQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, items: await svc.mine(req.user!, req.query.lastId) }),
  );
  app.get(
    '/api/requests/incoming',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Open requests that reached my store, workshop or tow van, with my offer',
        querystring: listQuery,
        response: { 200: incomingReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, items: await svc.incoming(req.user!, req.query.lastId) }),
  );
  app.get(
    '/api/requests/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One request: mine with every offer, or one that reached me with my offer',
        params: requestParams,
        response: { 200: detailReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.detail(req.user!, req.params.id)),
  );
  app.post(
    '/api/requests/:id/close',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Close my request: it takes no more offers',
        params: requestParams,
        response: { 200: requestReply },
      },
    },
    async (req) => {
      await svc.close(req.user!, req.params.id);
      const d = await svc.detail(req.user!, req.params.id);
      return { status: true, message: 'Your request is closed', item: d.item };
    },
  );
  app.post(
    '/api/requests/:id/photo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Put a photo on my open request (the part or the car); replaces the one there',
        ...uploadDoc(PHOTO),
        params: requestParams,
        response: { 200: requestReply, ...backToPage },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, `/broadcast/${req.params.id}`, async () => ({
        status: true,
        message: 'Your photo is on the request',
        item: await svc.setPhoto(req.user!, req.params.id, async () => {
          const got = await receiveFiles(req, PHOTO, (f) => productPicture(f.data));
          return got.files[0];
        }),
      })),
  );
  app.delete(
    '/api/requests/:id/photo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Take the photo off my open request',
        params: requestParams,
        response: { 200: requestReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'The photo is removed',
      item: await svc.setPhoto(req.user!, req.params.id, null),
    }),
  );
  app.post(
    '/api/requests/:id/offers',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Answer a request that reached me with an offer (price in kobo, note, part or arrival)',
        params: requestParams,
        body: offerBody,
        response: { 201: offerReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Your offer is sent',
        item: await svc.offer(req.user!, req.params.id, req.body),
      }),
  );
  app.post(
    '/api/requests/:id/done',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'The mechanic or tow van whose offer was accepted marks the job done; the requester is asked to confirm',
        params: requestParams,
        response: { 200: requestReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'Marked done: the customer is asked to confirm it',
      item: await svc.markDone(req.user!, req.params.id),
    }),
  );
  for (const [path, confirm] of [
    ['confirm', true],
    ['not-done', false],
  ] as const)
    app.post(
      `/api/requests/:id/${path}`,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: confirm
            ? 'I confirm the job marked done is done: I can review the provider'
            : 'The job marked done is not done: the provider is asked to finish it',
          params: requestParams,
          response: { 200: requestReply },
        },
      },
      async (req) => ({
        status: true,
        message: confirm
          ? 'Thank you: the job is confirmed done. You can review the provider now'
          : 'Noted: the job is not done. The provider marks it again when it is',
        item: await svc.answerDone(req.user!, req.params.id, confirm),
      }),
    );
  app.post(
    '/api/requests/:id/offers/:offerId/accept',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Accept one offer on my request: a listed part goes to my cart at the offered price; phones are shared',
        params: offerParams,
        response: { 200: acceptReply },
      },
    },
    async (req) => {
      const r = await svc.accept(req.user!, req.params.id, req.params.offerId);
      return {
        status: true,
        message: r.inCart
          ? 'Offer accepted: the part is in your cart at the offered price'
          : 'Offer accepted: call the provider to arrange it',
        ...r,
      };
    },
  );
}
