import type { FastifyInstance, FastifyReply } from 'fastify';
import { PASSWORD_MAX } from '@sf/shared';
import { requireAuth } from '../../lib/session.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, idParam, Kobo, Obj, Text, errorSchema, okStatus } from '../../lib/schemas.ts';
import { defineJob } from '../../lib/jobs.ts';
import { onPaystackEvent } from '../payments/service.ts';
import { bankAccountService } from './bank-account.ts';
import { adminPayoutsService, payoutsService, VERIFY_JOB, type PayoutOutcome } from './payouts.ts';
import * as sc from './schemas.ts';

const bankCode = Text({ maxLength: 6, pattern: '^[0-9]{3,6}$' });
const accountNumber = Text({ maxLength: 10, pattern: '^[0-9]{10}$' });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const adminPayout = Obj({
  ...sc.payoutItem.properties,
  storeId: { type: 'integer' },
  storeName: { type: 'string' },
});

/** The store's money (balance, bank account, withdrawals) and staff's side of payouts. */
export default async function payoutRoutes(app: FastifyInstance) {
  // Paystack's transfer events settle payouts; each may come twice or out of order. (Their
  // `reason` is the transfer's narration, ours, not why it failed.)
  for (const outcome of ['success', 'failed', 'reversed'] as PayoutOutcome[])
    onPaystackEvent(`transfer.${outcome}`, (a, d) =>
      payoutsService(a).settle(String(d.reference), outcome),
    );
  defineJob<{ payoutId: number }>(
    VERIFY_JOB,
    (p, ctx) => payoutsService(ctx.app).verify(p.payoutId),
    { maxAttempts: 12, backoffMs: 60_000 },
  );

  const payouts = payoutsService(app);
  const bankAccount = bankAccountService(app);
  const adminPayouts = adminPayoutsService(app);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  // Requests typed by their schemas (decision 0032).
  const api = typedRoutes(app);

  api.get(
    '/api/store/balance',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store money'],
        summary:
          "My store's balance (sum of its ledger entries), money held in escrow, payouts and statement",
        querystring: { type: 'object', properties: { storeId: Id() } },
        response: { 200: sc.balanceReply },
      },
    },
    async (req) => payouts.summary(req.user!.id, req.query.storeId),
  );

  api.get(
    '/api/store/bank-account/resolve',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store money'],
        summary: 'The account holder’s name as the bank holds it, before saving the account',
        querystring: {
          type: 'object',
          required: ['bankCode', 'accountNumber'],
          properties: { bankCode, accountNumber },
        },
        response: { 200: Obj({ status: okStatus, accountName: { type: 'string' } }), ...errors },
      },
    },
    async (req) => bankAccount.resolve(req.user!.id, req.query.bankCode, req.query.accountNumber),
  );

  api.put(
    '/api/store/bank-account',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store money'],
        summary:
          'Where payouts go: the name is resolved from the bank; needs the password; a change holds payouts for 24 hours',
        body: {
          type: 'object',
          required: ['bankCode', 'accountNumber'],
          properties: {
            bankCode,
            accountNumber,
            password: Text({ maxLength: PASSWORD_MAX * 4 }),
            storeId: Id(),
          },
        },
        response: { 200: sc.balanceReply, ...errors, 429: errorSchema, 503: errorSchema },
      },
    },
    async (req) => bankAccount.save(req.user!, req.body),
  );

  api.post(
    '/api/store/payouts',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['store money'],
        summary:
          "Withdraws from the store's balance to its bank account (Paystack transfer); 409 while payouts are held",
        body: {
          type: 'object',
          required: ['amountKobo'],
          properties: {
            amountKobo: Kobo({ minimum: 1 }),
            storeId: Id(),
          },
        },
        response: { 200: sc.balanceReply },
      },
    },
    async (req) => payouts.withdraw(req.user!.id, req.body.amountKobo, req.body.storeId),
  );

  api.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'The last 100 payouts, of one store or in one state (otp: awaiting the OTP)',
        querystring: {
          type: 'object',
          properties: {
            storeId: Id(),
            status: { type: 'string', enum: ['pending', 'otp', 'success', 'failed', 'reversed'] },
          },
        },
        response: {
          200: Obj({ status: okStatus, items: { type: 'array', items: adminPayout } }),
          ...errors,
        },
      },
    },
    async (req, reply) => noStore(reply).send(await adminPayouts.list(req.query)),
  );

  api.post(
    '/api/admin/payouts/:id/finalize',
    {
      schema: {
        tags: ['admin'],
        summary: 'Completes a payout Paystack holds for an OTP (transfer OTP is on); audited',
        params: idParam(),
        body: {
          type: 'object',
          required: ['otp'],
          additionalProperties: false,
          properties: {
            otp: Text({ minLength: 4, maxLength: 10, pattern: '^[0-9]+$' }),
            note: Text({ maxLength: 500 }),
          },
        },
        response: {
          200: Obj({
            status: okStatus,
            message: { type: 'string' },
            payout: Obj({
              id: { type: 'integer' },
              status: { type: 'string' },
              outcomeUnknown: { type: 'boolean' },
            }),
          }),
          ...errors,
          404: errorSchema,
        },
      },
    },
    async (req, reply) =>
      noStore(reply).send(
        await adminPayouts.finalize(req.user!, req.params.id, req.body.otp, req.body.note),
      ),
  );
}
