import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { idParam } from '../../lib/schemas.ts';
import { requireRole } from '../../lib/session.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { transaction } from '../../lib/tx.ts';
import { defineAttention } from '../audit/attention.ts';
import { recordAudit } from '../audit/service.ts';
import { clearBody, listQuery, listReply, oneReply, scanReply } from './schemas.ts';
import { checkSignals, signalsService } from './service.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

defineAttention({
  key: 'signals.open',
  label: 'Listings to check (genuine claim, part number or price)',
  href: '/admin/signals',
  count: (db) => signalsService(db).openCount(),
});

/**
 * Listings judged again: every one (existing listings, prices whose category median moved), or
 * one store's after a CSV import.
 */
defineJob<{ storeId?: number }>('signals.scan', async (payload, { app }) => {
  await checkSignals(app.db, undefined, payload?.storeId);
});

/** Genuine-part signals for staff (decision 0022): listed, cleared (audited), scanned again. */
export default async function signalsRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = signalsService(app.db);
  const tags = ['admin'];

  app.get(
    '/api/admin/signals',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags,
        summary:
          'Listings flagged for a look: a genuine claim or part number of another make, or a price far below its part number or category',
        querystring: listQuery,
        response: { 200: listReply },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await svc.list(req.query)),
  );
  app.post(
    '/api/admin/signals/:id/clear',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags,
        summary: 'Clear a signal after checking the listing (recorded in the audit log)',
        params: idParam(),
        body: clearBody,
        response: { 200: oneReply },
      },
    },
    async (req) => ({
      status: true,
      message: 'The signal is cleared',
      item: await svc.clear(req.user!, req.params.id, req.body.note),
    }),
  );
  app.post(
    '/api/admin/signals/scan',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags,
        summary: 'Judge every listing again in the background (recorded in the audit log)',
        response: { 202: scanReply },
      },
    },
    async (req, reply) => {
      await transaction(app.db, async (tx) => {
        // One scan a minute however often the button is pressed (the key stays with the job).
        await enqueue(
          tx,
          'signals.scan',
          {},
          { key: `signals.scan:${new Date().toISOString().slice(0, 16)}` },
        );
        await recordAudit(tx, {
          actorId: req.user!.id,
          action: 'signal.scan',
          targetType: 'product',
          targetId: 'all',
        });
      });
      return reply.status(202).send({ status: true, message: 'Every listing is being checked' });
    },
  );
}
