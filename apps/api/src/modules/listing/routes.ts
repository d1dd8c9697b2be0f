import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { answerUpload, backToPage, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import { logoPicture, pictureSpec } from '../images/uploaded.ts';
import { listingBody, listingReply, listingSaved, spIdQuery } from './schemas.ts';
import { listingService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/**
 * A mechanic's own workshop or a tow van's own garage: its details, days, specialities or tow
 * capacities and vehicle types. Only its owner reaches it (403 for other roles, 404 for another
 * provider's listing); the public pages and lists show a saved change at once.
 */
/** A workshop's or garage's logo: one picture in the field `logo` (the listing page's form). */
const LOGO = pictureSpec(1, 'logo');

export default async function listingRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = listingService(app.db, app.bus, app.storage);
  const tags = ['my workshop or garage'];
  const me = (req: FastifyRequest) => ({ id: req.user!.id, role: req.user!.role });

  app.get(
    '/api/provider/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'My workshop (Mechanic) or garage (Tow Van) as its public page shows it (item: null before it is set up)',
        querystring: spIdQuery,
        response: { 200: listingReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.get(me(req), req.query.spId)),
  );

  for (const method of ['PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/api/provider/profile',
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          method === 'PATCH'
            ? 'Changes my workshop or garage: any fields; days and each list of tags replace all'
            : 'The same as PATCH, for forms',
        body: listingBody,
        response: { 200: listingSaved },
      },
      handler: async (req, reply) =>
        reply.header('cache-control', PRIVATE).send(await svc.save(me(req), req.body ?? {})),
    });

  app.post(
    '/api/provider/logo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Sets my workshop’s or garage’s logo (one picture, shown as a square)',
        ...uploadDoc(LOGO),
        querystring: spIdQuery,
        response: { 200: listingSaved, ...backToPage },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE);
      const page = req.user!.role === 'Tow Van' ? '/user/garage' : '/user/workshop';
      return answerUpload(req, reply, page, async () => {
        const got = await receiveFiles(req, LOGO, (f) => logoPicture(f.data));
        return svc.setLogo(me(req), req.query.spId, got.files[0]);
      });
    },
  );

  app.delete(
    '/api/provider/logo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Removes my workshop’s or garage’s logo (its initials badge shows again)',
        querystring: spIdQuery,
        response: { 200: listingSaved },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send(await svc.setLogo(me(req), req.query.spId, null)),
  );
}
