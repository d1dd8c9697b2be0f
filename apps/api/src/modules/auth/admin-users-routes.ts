import type { FastifyInstance, FastifyReply } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { adminUsersService } from './admin-users-service.ts';
import * as schemas from './admin-schemas.ts';

// Staff's work on accounts (decision 0019); the rules are in admin-users-service.ts.

export default async function adminUserRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminUsersService(fastify);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/api/admin/users/:id', { schema: schemas.getUserSchema }, async (req, reply) =>
    noStore(reply).send({ status: true, ...(await svc.get(req.params.id)) }),
  );
  app.post('/api/admin/users/:id/role', { schema: schemas.roleSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.changeRole(req.user!, req.params.id, req.body)),
    }),
  );
  app.post('/api/admin/users/:id/lock', { schema: schemas.lockSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.lock(req.user!, req.params.id, req.body?.note)),
    }),
  );
  app.post('/api/admin/users/:id/unlock', { schema: schemas.unlockSchema }, async (req, reply) =>
    noStore(reply).send({
      status: true,
      ...(await svc.unlock(req.user!, req.params.id, req.body?.note)),
    }),
  );
  app.post(
    '/api/admin/users/:id/password-reset',
    { schema: schemas.forceResetSchema },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await svc.forceReset(req.user!, req.params.id, req.body?.note)),
      }),
  );
  app.post(
    '/api/admin/users/:id/sessions/end',
    { schema: schemas.endSessionsSchema },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await svc.endSessions(req.user!, req.params.id, req.body?.sessionId, req.body?.note)),
      }),
  );
}
