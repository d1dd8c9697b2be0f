import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { Id, Int, Obj, Text, idParam, nullable, okStatus as ok } from '../../lib/schemas.ts';
import { defineAttention } from '../audit/attention.ts';
import { adminInboxService } from './admin-inbox-service.ts';
import { contactItem, contactListItem, subscriber } from './admin-schemas.ts';

// What visitors send us (decision 0019): newsletter subscribers and contact-us messages; the
// rules are in admin-inbox-service.ts.

defineAttention({
  key: 'contact.unanswered',
  label: 'Contact messages to answer',
  href: '/admin/contact?answered=no',
  count: (db) => adminInboxService(db).unansweredCount(),
});

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

export default async function adminInboxRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const tags = ['admin'];
  const inbox = adminInboxService(app.db);
  const paging = { lastId: Id(), pagesize: Int({ minimum: 1, maximum: 50 }) } as const;

  app.get(
    '/api/admin/newsletter',
    {
      schema: {
        tags,
        summary: 'Newsletter subscribers, newest first; total counts the filtered list',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { q: Text({ maxLength: 100 }), ...paging },
        },
        response: {
          200: Obj({
            status: ok,
            items: { type: 'array', items: subscriber },
            lastId: nullable(int),
            total: int,
          }),
        },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: true, ...(await inbox.subscribers(req.query)) }),
  );
  app.get(
    '/api/admin/newsletter/export.csv',
    {
      schema: {
        tags,
        summary:
          'Every newsletter subscriber as CSV (email, source, subscribed_at; cells that could start a spreadsheet formula are prefixed with a quote). Audited.',
        response: { 200: { type: 'string' } },
      },
    },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sparefinder-newsletter-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await inbox.exportCsv(req.user!));
    },
  );

  app.get(
    '/api/admin/contact',
    {
      schema: {
        tags,
        summary: 'Contact-us messages, newest first; filter answered yes/no and by text',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            answered: { type: 'string', enum: ['yes', 'no', ''] },
            q: Text({ maxLength: 100 }),
            ...paging,
          },
        },
        response: {
          200: Obj({
            status: ok,
            items: { type: 'array', items: contactListItem },
            lastId: nullable(int),
          }),
        },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: true, ...(await inbox.contacts(req.query)) }),
  );
  app.get(
    '/api/admin/contact/:id',
    {
      schema: {
        tags,
        summary: 'One contact-us message in full',
        params: idParam(),
        response: { 200: Obj({ status: ok, item: contactItem }) },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: true, item: await inbox.contact(req.params.id) }),
  );
  app.post(
    '/api/admin/contact/:id/answered',
    {
      schema: {
        tags,
        summary: 'Marks a contact message answered (staff replied by e-mail) or unanswered again',
        params: idParam(),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['answered'],
          properties: { answered: bool, note: Text({ maxLength: 500, multiline: true }) },
        },
        response: { 200: Obj({ status: ok, message: str, item: contactItem }) },
      },
    },
    async (req) => {
      const item = await inbox.answer(req.user!, req.params.id, req.body.answered, req.body.note);
      return {
        status: true as const,
        message: item.answered ? 'Marked answered' : 'Marked unanswered',
        item,
      };
    },
  );
}
