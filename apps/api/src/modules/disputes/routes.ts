import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { idParam } from '../../lib/schemas.ts';
import { defineJob } from '../../lib/jobs.ts';
import { requireAuth, requireRole } from '../../lib/session.ts';
import { answerUpload, backToPage, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import { pictureSpec, productPicture } from '../images/uploaded.ts';
import {
  decideBody,
  listQuery,
  listReply,
  messageBody,
  offerBody,
  oneReply,
  openBody,
} from './schemas.ts';
import { disputesService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** Disputes on order lines (decision 0018): buyer, store and staff; nobody else sees one. */
/** One photo in the field `photo` (the page's upload form). */
const PHOTO = pictureSpec(1, 'photo');

export default async function disputesRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = disputesService(app);
  const tags = ['disputes'];
  defineJob<{ disputeId: number }>('disputes.escalate', (p, ctx) =>
    disputesService(ctx.app).escalate(p.disputeId),
  );
  defineJob<{ disputeId: number }>(
    'disputes.refund',
    (p, ctx) => disputesService(ctx.app).sendRefund(p.disputeId),
    {
      maxAttempts: 10,
    },
  );

  app.post(
    '/api/disputes',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Open a dispute on a part of my delivered order (within 7 days of delivery)',
        body: openBody,
        response: { 201: oneReply },
      },
    },
    async (req, reply) => reply.status(201).send(await svc.open(req.user!, req.body)),
  );
  app.get(
    '/api/disputes',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "My disputes as a buyer and my store's, newest first",
        response: { 200: listReply },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await svc.mine(req.user!)),
  );
  app.get(
    '/api/disputes/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'A dispute and its thread (its buyer, its store and staff only)',
        params: idParam(),
        response: { 200: oneReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.answer(req.user!, req.params.id, '')),
  );
  app.post(
    '/api/disputes/:id/messages',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Write in the dispute thread',
        params: idParam(),
        body: messageBody,
        response: { 200: oneReply },
      },
    },
    async (req) => svc.message(req.user!, req.params.id, req.body.body),
  );
  app.post(
    '/api/disputes/:id/photos',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Add a photo to the dispute thread (buyer or store)',
        ...uploadDoc(PHOTO),
        params: idParam(),
        response: { 200: oneReply, ...backToPage },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, `/user/disputes/${req.params.id}`, () =>
        svc.addPhoto(req.user!, req.params.id, async () => {
          const got = await receiveFiles(req, PHOTO, (f) => productPicture(f.data));
          return got.files[0];
        }),
      ),
  );
  app.post(
    '/api/disputes/:id/offer',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The store offers a refund or a replacement',
        params: idParam(),
        body: offerBody,
        response: { 200: oneReply },
      },
    },
    async (req) => svc.offer(req.user!, req.params.id, req.body.kind, req.body.amountKobo),
  );
  app.post(
    '/api/disputes/:id/accept',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The buyer accepts the store's offer",
        params: idParam(),
        response: { 200: oneReply },
      },
    },
    async (req) => svc.accept(req.user!, req.params.id),
  );
  app.post(
    '/api/disputes/:id/withdraw',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The buyer withdraws the dispute (the money goes on to the store)',
        params: idParam(),
        response: { 200: oneReply },
      },
    },
    async (req) => svc.withdraw(req.user!, req.params.id),
  );
  app.get(
    '/api/admin/disputes',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary: 'Disputes: open (default), waiting for a decision, or all',
        querystring: listQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.forStaff(req.query.status)),
  );
  app.post(
    '/api/admin/disputes/:id/decide',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Decide a dispute: a full or partial refund through Paystack, or release to the store',
        params: idParam(),
        body: decideBody,
        response: { 200: oneReply },
      },
    },
    async (req) => svc.decide(req.user!, req.params.id, req.body),
  );
}
