import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { defineJob, defineSchedule } from '../../lib/jobs.ts';
import { requireAuth } from '../../lib/session.ts';
import { alertsMatcher } from './matching.ts';
import { MATCH_JOB } from './queue.ts';
import {
  alertIdParam,
  changeBody,
  changeReply,
  listReply,
  matchesReply,
  priceBody,
  searchBody,
} from './schemas.ts';
import { alertsService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';
import { privateWrites } from '../../lib/page-cache.ts';

defineJob<{ prodIds: number[] }>(MATCH_JOB, (p, { app }) =>
  alertsMatcher(app).run(Array.isArray(p?.prodIds) ? p.prodIds : []),
);
/** Matches held back by a day's cap go out once the next Lagos day starts. */
defineSchedule('alerts.deliver', 60 * 60_000, async ({ app }) => {
  await alertsMatcher(app).deliverWaiting();
});

/** Saved searches and price alerts of the signed-in user. */
export default async function alertsRoutes(fastify: FastifyInstance) {
  privateWrites(fastify); // no guest page shows what these write
  const app = typedRoutes(fastify);
  const svc = alertsService(app.db);
  const tags = ['alerts'];

  app.get(
    '/api/alerts',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'My saved searches and price alerts, newest first, with what each found lately',
        response: { 200: listReply },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await svc.list(req.user!.id)),
  );

  app.get(
    '/api/alerts/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One of my alerts with the parts it found, newest first',
        params: alertIdParam,
        response: { 200: matchesReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.matches(req.user!.id, req.params.id)),
  );

  app.post(
    '/api/alerts/searches',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Save a parts search (the parts list filters): I am told when a part listed later matches it',
        body: searchBody,
        response: { 201: changeReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: "Saved: we'll tell you when new parts match",
        items: [await svc.saveSearch(req.user!.id, req.body)],
      }),
  );

  app.post(
    '/api/alerts/prices',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Tell me when this part is cheaper: below today's price, or below my target price",
        body: priceBody,
        response: { 201: changeReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: "Saved: we'll tell you when it's cheaper",
        items: [await svc.savePrice(req.user!.id, req.body)],
      }),
  );

  app.patch(
    '/api/alerts/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Pause or resume one of my alerts, or change the price a price alert waits for',
        params: alertIdParam,
        body: changeBody,
        response: { 200: changeReply },
      },
    },
    async (req) => {
      const item = await svc.change(req.user!.id, req.params.id, req.body);
      const message =
        req.body.paused === true
          ? 'Paused: nothing is sent until you resume it'
          : req.body.paused === false
            ? 'Resumed'
            : 'Saved';
      return { status: true, message, items: [item] };
    },
  );

  app.delete(
    '/api/alerts/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete one of my alerts',
        params: alertIdParam,
        response: { 200: changeReply },
      },
    },
    async (req) => {
      await svc.remove(req.user!.id, req.params.id);
      return { status: true, message: 'Deleted', items: [] };
    },
  );
}
