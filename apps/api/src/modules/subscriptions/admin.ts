import type { FastifyInstance, FastifyReply } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { Id, Int, Kobo, Obj, Text, errorSchema, okStatus } from '../../lib/schemas.ts';
import { adminPlanItem } from './schemas.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { PlanRow } from './repository.ts';

// Staff edit the plans (decision 0014 describes them): name, price, limit and placement.
const plansReply = Obj({ status: okStatus, items: { type: 'array', items: adminPlanItem } });
const planReply = Obj({ status: okStatus, item: adminPlanItem, message: { type: 'string' } });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

type PlanPatch = {
  name?: string;
  priceKobo?: number;
  itemLimit?: number;
  rankBoost?: number;
  note?: string;
};

const planCols = sql`p.id, p.audience, p.code, p.name, p.price_kobo::bigint as price_kobo, p.item_limit,
  p.rank_boost, p.position,
  (select count(*)::int from subscriptions s where s.plan_id = p.id and s.period_end > now()) as subscribers`;
type Row = PlanRow & { subscribers: number };
const toItem = (p: Row) => ({
  id: p.id,
  audience: p.audience,
  code: p.code,
  name: p.name,
  priceKobo: Number(p.price_kobo),
  itemLimit: p.item_limit,
  rankBoost: p.rank_boost,
  subscribers: Number(p.subscribers),
});

export const adminPlansService = {
  async list(db: Db) {
    const r = await rows<Row>(
      db,
      sql`select ${planCols} from subscription_plans p order by p.audience desc, p.position, p.id`,
    );
    return r.map(toItem);
  },

  /**
   * A new price applies to the next payment; a new limit at once (checked when an item is
   * added); a new placement is copied at once onto what the plan's subscribers run, as a
   * payment would (the Free plan's onto what users without a paid plan run).
   */
  update: (db: Db, me: SessionUser, id: number, patch: PlanPatch) =>
    transaction(db, async (tx) => {
      const [cur] = await rows<Row>(
        tx,
        sql`select ${planCols} from subscription_plans p where p.id = ${id} for update`,
      );
      if (!cur) throw notFound('No such plan');
      const { note, ...p } = patch;
      const [row] = await rows<Row>(
        tx,
        sql`update subscription_plans p set
              name = coalesce(${p.name?.trim() || null}, p.name),
              price_kobo = coalesce(${p.priceKobo ?? null}::bigint, p.price_kobo),
              item_limit = coalesce(${p.itemLimit ?? null}::int, p.item_limit),
              rank_boost = coalesce(${p.rankBoost ?? null}::int, p.rank_boost)
            where p.id = ${id} returning ${planCols}`,
      );
      if (row.rank_boost !== cur.rank_boost) {
        const table = cur.audience === 'store' ? sql`stores` : sql`service_providers`;
        const paid = sql`select s.user_id from subscriptions s join subscription_plans sp on sp.id = s.plan_id
                         where s.period_end > now() and sp.price_kobo > 0`;
        await tx.execute(
          cur.code === 'free'
            ? sql`update ${table} set rank_boost = ${row.rank_boost}
                  where owner_user_id is not null and owner_user_id not in (${paid})`
            : sql`update ${table} set rank_boost = ${row.rank_boost}
                  where owner_user_id in (select user_id from subscriptions
                                          where plan_id = ${id} and period_end > now())`,
        );
      }
      const diff = changedFields(toItem(cur), toItem(row));
      if (Object.keys(diff.after).length)
        await recordAudit(tx, {
          actorId: me.id,
          action: 'plan.update',
          targetType: 'plan',
          targetId: id,
          ...diff,
          note,
        });
      return toItem(row);
    }),
};

export default async function adminPlanRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
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
    async (_req, reply) =>
      noStore(reply).send({ status: true, items: await adminPlansService.list(app.db) }),
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
      const item = await adminPlansService.update(app.db, req.user!, req.params.id, req.body);
      return noStore(reply).send({ status: true, item, message: `${item.name} plan saved` });
    },
  );
}
