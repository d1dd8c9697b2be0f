import type { FastifyInstance, FastifyReply } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, Int, Kobo, Obj, Text, errorSchema, okStatus } from '../../lib/schemas.ts';
import { adminPlanItem } from './schemas.ts';
import { adminPlansService } from './admin-plans-service.ts';

// Staff edit the plans (decision 0014 describes them); the rules are in admin-plans-service.ts.
const plansReply = Obj({ status: okStatus, items: { type: 'array', items: adminPlanItem } });
const planReply = Obj({ status: okStatus, item: adminPlanItem, message: { type: 'string' } });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export default async function adminPlanRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const plans = adminPlansService(app.db);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  app.get(
    '/api/admin/plans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every subscription plan with its subscribers',
        response: { 200: plansReply, 401: errorSchema, 403: errorSchema },
      },
    },
    async (_req, reply) => noStore(reply).send({ status: true, items: await plans.list() }),
  );
  app.patch(
    '/api/admin/plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Changes a plan's name, monthly price, item limit or placement boost",
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: Id() },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            name: Text({ minLength: 1, maxLength: 40 }),
            priceKobo: Kobo(),
            itemLimit: Int({ maximum: 1_000_000 }),
            rankBoost: Int({ maximum: 1000 }),
            note: Text({ maxLength: 500, multiline: true }),
          },
        },
        response: { 200: planReply, ...errors },
      },
    },
    async (req, reply) => {
      const item = await plans.update(req.user!, req.params.id, req.body);
      return noStore(reply).send({ status: true, item, message: `${item.name} plan saved` });
    },
  );
}
