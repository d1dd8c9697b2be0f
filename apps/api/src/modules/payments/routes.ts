import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { requireAuth } from '../../lib/session.ts';
import { notFound } from '../../lib/errors.ts';
import { webhookSignatureValid } from './paystack-client.ts';
import { findPayment, paymentsService } from './service.ts';
import { CALLBACK_PATH, WEBHOOK_PATH } from './setup.ts';
import { redirectSafely } from '../../lib/redirect.ts';
import { Text, errorSchema } from '../../lib/schemas.ts';
import * as sc from './schemas.ts';

const tags = ['payments'];
/** A Paystack transaction reference (ours are SF_…, Paystack's own are letters and digits). */
const reference = Text({ maxLength: 100 });

export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = paymentsService(app);
  // The webhook's signature covers the exact bytes Paystack sent: this route alone keeps the
  // raw body (a parsed-and-reserialised body would not match).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary:
            'Paystack webhook: accepted only when x-paystack-signature is the HMAC-SHA512 of the raw body',
          response: { 200: sc.webhookReply, 400: errorSchema, 401: errorSchema },
        },
      },
      async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!webhookSignatureValid(app.paystackSecret, body, req.headers['x-paystack-signature'])) {
          req.log.warn('Paystack webhook with a missing or wrong signature refused');
          return reply
            .status(401)
            .send({ status: false, code: 'BAD_SIGNATURE', message: 'Invalid signature' });
        }
        let msg: { event?: unknown; data?: unknown };
        try {
          msg = JSON.parse(body.toString('utf8'));
        } catch {
          return reply
            .status(400)
            .send({ status: false, code: 'BAD_REQUEST', message: 'Body is not JSON' });
        }
        if (typeof msg.event !== 'string' || typeof msg.data !== 'object' || !msg.data)
          return reply
            .status(400)
            .send({ status: false, code: 'BAD_REQUEST', message: 'Expected {event, data}' });
        await svc.webhookEvent(msg.event, msg.data);
        return { status: true };
      },
    );
  });

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags,
        summary: 'Where Paystack sends the buyer back: verifies the payment, then shows the order',
        querystring: {
          type: 'object',
          properties: {
            reference,
            trxref: reference,
          },
        },
        response: { 303: sc.callbackRedirect },
      },
    },
    async (req, reply) => {
      const reference = req.query.reference ?? req.query.trxref ?? '';
      const p = reference ? await findPayment(app.db, reference) : undefined;
      if (!p) return redirectSafely(reply, '/user/orders');
      await svc.verify(reference).catch((err) => {
        // Paystack unreachable: the webhook or the buyer's next look will settle it.
        req.log.warn({ err, reference }, 'verify on return failed');
      });
      const now = await findPayment(app.db, reference);
      const sep = svc.returnTo(p).includes('?') ? '&' : '?';
      return redirectSafely(
        reply,
        `${svc.returnTo(p)}${sep}payment=${now?.status ?? 'pending'}`,
        303,
        '/user/orders',
      );
    },
  );

  app.post(
    '/api/payments/:reference/verify',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Asks Paystack about one of the buyer's payments and applies the answer",
        params: {
          type: 'object',
          required: ['reference'],
          properties: { reference },
        },
        response: { 200: sc.verifyReply },
      },
    },
    async (req) => {
      const p = await findPayment(app.db, req.params.reference);
      if (!p || p.userId !== req.user!.id) throw notFound('No such payment');
      if (p.status !== 'success') await svc.verify(p.reference);
      const now = (await findPayment(app.db, p.reference))!;
      return {
        status: true,
        payment: {
          reference: now.reference,
          status: now.status,
          amountKobo: Number(now.amountKobo),
          paidAt: now.paidAt,
        },
      };
    },
  );
}
