import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { IMPORT_MAX_BYTES } from '@sf/shared';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { redirectSafely } from '../../lib/redirect.ts';
import { requireAuth } from '../../lib/session.ts';
import { receiveFiles, uploadDoc, wantsPage, type UploadSpec } from '../../lib/uploads.ts';
import { importIdParam, importReply, importStoreQuery, importsReply } from './schemas.ts';
import { IMPORT_JOB, importService } from './service.ts';
import { TEMPLATE_CSV } from './template.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** A CSV file: UTF-8 text (the pipeline checks the bytes), one per import. */
const CSV_UPLOAD: UploadSpec = {
  maxBytes: IMPORT_MAX_BYTES,
  maxFiles: 1,
  accept: ['csv'],
  noun: 'CSV file',
  field: 'file',
};
/** The page that shows imports (and where a form without JavaScript comes back to). */
const PAGE = '/user/store/products/import';
/** Attempts of one import job: a crash or a lost database connection is retried from the start. */
const ATTEMPTS = 3;

defineJob<{ importId: string }>(
  IMPORT_JOB,
  async ({ importId }, { app, attempt }) => {
    const svc = importService(app.db, app.storage);
    try {
      await svc.run(importId);
    } catch (e) {
      if (attempt >= ATTEMPTS) await svc.giveUp(importId, e instanceof Error ? e.message : 'error');
      throw e;
    }
  },
  { maxAttempts: ATTEMPTS, backoffMs: 5_000 },
);

/**
 * A seller's CSV import of products: the template, the upload (checked, stored through the
 * upload pipeline, then read by the `products.import` job), its progress and its report. Only
 * the store's owner sees an import; another seller's is a 404.
 */
export default async function productImportRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = () => importService(app.db, app.storage);
  const tags = ['my store'];

  app.get(
    '/api/store/imports/template.csv',
    {
      schema: {
        tags,
        summary:
          'The CSV template of a product import: the header and three example rows (columns explained on /user/store/products/import)',
        response: { 200: { type: 'string' } },
      },
    },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sparefinder-products-template.csv"')
        .header('cache-control', 'public, max-age=3600')
        .send(TEMPLATE_CSV),
  );

  app.post(
    '/api/store/imports',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Starts a CSV import of products (multipart/form-data, field "file"; UTF-8, at most 10,000 rows and 10 MB). Answers 202 with the import; its job then reads the rows. A form post that accepts text/html is answered with a 303 to the import page.',
        ...uploadDoc(CSV_UPLOAD),
        querystring: importStoreQuery,
        response: { 202: importReply },
      },
    },
    async (req, reply) => {
      const page = wantsPage(req);
      try {
        const { files } = await receiveFiles(req, CSV_UPLOAD, async (f) => f);
        const { item } = await svc().start(
          req.user!.id,
          { name: files[0].filename, data: files[0].data },
          req.query.storeId,
        );
        if (page) return redirectSafely(reply, `${PAGE}?id=${item.id}`);
        return reply.status(202).send({ status: true, item });
      } catch (err) {
        // A form without JavaScript comes back to its page, which words the refusal by its code.
        if (page && err instanceof HttpError && err.statusCode < 500)
          return redirectSafely(reply, `${PAGE}?uploadError=${err.code}`);
        throw err;
      }
    },
  );

  const noStore = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', PRIVATE);
  };

  app.get(
    '/api/store/imports',
    {
      preHandler: [requireAuth, noStore],
      schema: {
        tags,
        summary: 'My latest 10 imports, newest first, with their progress and reports',
        querystring: importStoreQuery,
        response: { 200: importsReply },
      },
    },
    async (req) => svc().list(req.user!.id, req.query.storeId),
  );

  app.get(
    '/api/store/imports/:id',
    {
      preHandler: [requireAuth, noStore],
      schema: {
        tags,
        summary:
          'One of my imports: status, rows read of the total (poll it for a progress bar), products added and updated, and the rows not imported with the reason (row, field, message)',
        params: importIdParam,
        response: { 200: importReply },
      },
    },
    async (req) => svc().get(req.user!.id, req.params.id),
  );
}
