import type { FastifyInstance } from 'fastify';
import { requireAuth, requireRole } from '../../lib/session.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { forbidden } from '../../lib/errors.ts';
import { DateTime, Id, idParam, Int, Kobo, nullable, Text } from '../../lib/schemas.ts';
import { ordersService } from '../orders/service.ts';
import { couponsService } from './service.ts';
import { adminCouponsService } from './admin.ts';
import * as sc from './schemas.ts';

/** Uses allowed per account and per phone number (a first-order coupon: 1 and 1). */
const perPerson = {
  perAccountLimit: nullable(Int({ minimum: 1, maximum: 1000 })),
  perPhoneLimit: nullable(Int({ minimum: 1, maximum: 1000 })),
} as const;

/** A coupon's fields, as a store's owner sends them. */
const couponFields = {
  code: Text({ minLength: 3, maxLength: 30 }),
  kind: { type: 'string', enum: ['percent', 'fixed'] },
  value: Kobo({ minimum: 1, description: 'percent: 1-100; fixed: kobo' }),
  minOrderKobo: Kobo(),
  expiresAt: nullable(DateTime()),
  usageLimit: nullable(Int({ minimum: 1, maximum: 10_000_000 })),
  ...perPerson,
  description: Text({ maxLength: 200 }),
} as const;
const storeCouponBody = {
  type: 'object',
  required: ['code', 'kind', 'value'],
  properties: couponFields,
} as const;
/** Staff also choose the store (null: platform-wide) and note why, for the audit. */
const adminCouponBody = {
  type: 'object',
  required: ['code', 'kind', 'value'],
  properties: {
    ...couponFields,
    storeId: nullable(Id()),
    note: Text({ maxLength: 500, multiline: true }),
  },
} as const;
/** Staff's changes to an issued coupon (the code and the discount stay as issued). */
const adminPatchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    active: { type: 'boolean' },
    usageLimit: nullable(Int({ minimum: 1, maximum: 10_000_000 })),
    ...perPerson,
    expiresAt: nullable(DateTime()),
    minOrderKobo: Kobo(),
    description: Text({ maxLength: 200 }),
    note: Text({ maxLength: 500, multiline: true }),
  },
} as const;
const activeBody = {
  type: 'object',
  required: ['active'],
  properties: { active: { type: 'boolean' } },
} as const;

// Platform-wide coupons (or any store's) for staff, audited (admin.ts; page /admin/coupons),
// a store's own coupons for its owner.
export default async function couponsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = couponsService(app.db);
  const admins = adminCouponsService(app.db);
  const orders = ordersService(app);
  const admin = requireRole('Admin');
  app.get(
    '/api/admin/coupons',
    {
      preHandler: admin,
      schema: { tags: ['coupons'], summary: 'Every coupon', response: { 200: sc.couponsReply } },
    },
    async () => ({
      status: true,
      items: await svc.list(),
    }),
  );
  app.post(
    '/api/admin/coupons',
    {
      preHandler: admin,
      schema: {
        tags: ['coupons'],
        summary: 'Creates a coupon (storeId null: platform-wide)',
        body: adminCouponBody,
        response: { 201: sc.couponReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ status: true, coupon: await admins.create(req.user!, req.body) }),
  );
  app.patch(
    '/api/admin/coupons/:id',
    {
      preHandler: admin,
      schema: {
        tags: ['coupons'],
        summary:
          'Turns a coupon on or off, or changes its limits (overall, per account, per phone), expiry, minimum or description',
        params: idParam(),
        body: adminPatchBody,
        response: { 200: sc.couponReply },
      },
    },
    async (req) => ({
      status: true,
      coupon: await admins.update(req.user!, req.params.id, req.body),
    }),
  );

  const myStore = async (userId: string) => {
    const stores = await orders.storesOwnedBy(userId);
    if (stores.length === 0) throw forbidden('Only a store owner can manage store coupons');
    return stores[0];
  };
  app.get(
    '/api/store/coupons',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['coupons'],
        summary: "My store's coupons",
        response: { 200: sc.couponsReply },
      },
    },
    async (req) => ({
      status: true,
      items: await svc.list(await myStore(req.user!.id)),
    }),
  );
  app.post(
    '/api/store/coupons',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['coupons'],
        summary: "Creates a coupon for my store's parts only",
        body: storeCouponBody,
        response: { 201: sc.couponReply },
      },
    },
    async (req, reply) => {
      const storeId = await myStore(req.user!.id);
      return reply
        .status(201)
        .send({ status: true, coupon: await svc.create({ ...req.body, storeId }) });
    },
  );
  app.patch(
    '/api/store/coupons/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['coupons'],
        summary: "Turns one of my store's coupons on or off",
        params: idParam(),
        body: activeBody,
        response: { 200: sc.couponReply },
      },
    },
    async (req) => ({
      status: true,
      coupon: await svc.setActive(req.params.id, req.body.active, await myStore(req.user!.id)),
    }),
  );
}
