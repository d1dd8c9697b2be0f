import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { csvFile } from '../../lib/csv.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { Id, Int, Obj, Text, idParam, nullable, okStatus as ok } from '../../lib/schemas.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import { defineAttention } from '../audit/attention.ts';
import { like, page } from '../admin/common.ts';
import { iso } from '../../lib/time.ts';
import { contactItem, contactListItem, subscriber } from './admin-schemas.ts';

// What visitors send us (decision 0019): newsletter addresses (listed, exported as CSV for the
// mailing tool) and contact-us messages (read, marked answered once staff replied by e-mail).

defineAttention({
  key: 'contact.unanswered',
  label: 'Contact messages to answer',
  href: '/admin/contact?answered=no',
  // One query on a partial index (contact_messages_unanswered_idx).
  count: async (db) =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from contact_messages where answered_at is null`,
      )
    )[0].n,
});

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

interface SubscriberQuery {
  q?: string;
  lastId?: number;
  pagesize?: number;
}
interface ContactQuery {
  answered?: string;
  q?: string;
  lastId?: number;
  pagesize?: number;
}

function subscriberWhere(q: SubscriberQuery) {
  const where: SQL[] = [];
  if (q.q?.trim()) where.push(sql`email ilike ${like(q.q.trim().toLowerCase())}`);
  return where;
}
const whereSql = (w: SQL[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);

interface ContactRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  ip: string;
  user_id: string | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  answered_by: string | null;
}

const contactRows = (db: Db, where: SQL[], limit: number, lock = false) =>
  rows<ContactRow>(
    db,
    sql`select m.id, m.name, m.email, m.phone, m.subject, m.message, m.ip, m.user_id, m.created_at,
          m.answered_at, u.email as answered_by
        from contact_messages m left join users u on u.id = m.answered_by
        ${whereSql(where)} order by m.id desc limit ${limit} ${lock ? sql`for update of m` : sql``}`,
  );

const toContact = (r: ContactRow) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  ip: r.ip,
  userId: r.user_id,
  createdAt: iso(r.created_at)!,
  answered: r.answered_at !== null,
  answeredAt: iso(r.answered_at),
  answeredBy: r.answered_by,
});

export const adminInboxService = {
  async subscribers(db: Db, q: SubscriberQuery) {
    const where = subscriberWhere(q);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from newsletter_subscribers ${whereSql(where)}`,
    );
    if (q.lastId) where.push(sql`id < ${q.lastId}`);
    const size = q.pagesize ?? 50;
    const list = await rows<{ id: number; email: string; source: string; created_at: Date }>(
      db,
      sql`select id, email, source, created_at from newsletter_subscribers ${whereSql(where)}
          order by id desc limit ${size + 1}`,
    );
    const got = page(
      list.map((r) => ({
        id: r.id,
        email: r.email,
        source: r.source,
        createdAt: iso(r.created_at)!,
      })),
      size,
    );
    return { ...got, total: n };
  },

  /** Every address, oldest first; the export itself is audited (personal data left the site). */
  exportCsv: (db: Db, me: SessionUser) =>
    transaction(db, async (tx) => {
      const list = await rows<{ email: string; source: string; created_at: Date }>(
        tx,
        sql`select email, source, created_at from newsletter_subscribers order by id`,
      );
      await recordAudit(tx, {
        actorId: me.id,
        action: 'newsletter.export',
        targetType: 'newsletter',
        targetId: 'subscribers',
        after: { rows: list.length },
      });
      return csvFile(
        ['email', 'source', 'subscribed_at'],
        list.map((r) => [r.email, r.source, iso(r.created_at)]),
      );
    }),

  async contacts(db: Db, q: ContactQuery) {
    const where: SQL[] = [];
    if (q.answered === 'no') where.push(sql`m.answered_at is null`);
    if (q.answered === 'yes') where.push(sql`m.answered_at is not null`);
    const text = q.q?.trim();
    if (text) {
      const l = like(text);
      where.push(sql`(m.email ilike ${l} or m.name ilike ${l} or m.subject ilike ${l})`);
    }
    if (q.lastId) where.push(sql`m.id < ${q.lastId}`);
    const size = q.pagesize ?? 50;
    const list = (await contactRows(db, where, size + 1)).map((r) => {
      const { message, phone: _p, ip: _i, userId: _u, ...rest } = toContact(r);
      return { ...rest, preview: message.length > 140 ? `${message.slice(0, 139)}…` : message };
    });
    return page(list, size);
  },

  async contact(db: Db, id: number) {
    const [r] = await contactRows(db, [sql`m.id = ${id}`], 1);
    if (!r) throw notFound(`No contact message with id ${id}`);
    return toContact(r);
  },

  /** Staff reply by e-mail, then mark it answered (or open it again). */
  answer: (db: Db, me: SessionUser, id: number, answered: boolean, note?: string) =>
    transaction(db, async (tx) => {
      const [r] = await contactRows(tx, [sql`m.id = ${id}`], 1, true);
      if (!r) throw notFound(`No contact message with id ${id}`);
      if ((r.answered_at !== null) === answered)
        throw conflict(`This message is already marked ${answered ? 'answered' : 'unanswered'}`);
      await tx.execute(
        answered
          ? sql`update contact_messages set answered_at = now(), answered_by = ${me.id} where id = ${id}`
          : sql`update contact_messages set answered_at = null, answered_by = null where id = ${id}`,
      );
      await recordAudit(tx, {
        actorId: me.id,
        action: answered ? 'contact.answer' : 'contact.reopen',
        targetType: 'contact',
        targetId: id,
        before: { answered: !answered },
        after: { answered },
        note,
      });
      return adminInboxService.contact(tx, id);
    }),
};

export default async function adminInboxRoutes(app: FastifyInstance) {
  const tags = ['admin'];
  const db = app.db;
  const paging = { lastId: Id(), pagesize: Int({ minimum: 1, maximum: 50 }) } as const;

  app.get<{ Querystring: SubscriberQuery }>(
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
        .send({ status: true, ...(await adminInboxService.subscribers(db, req.query)) }),
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
        .send(await adminInboxService.exportCsv(db, req.user!));
    },
  );

  app.get<{ Querystring: ContactQuery }>(
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
        .send({ status: true, ...(await adminInboxService.contacts(db, req.query)) }),
  );
  app.get<{ Params: { id: number } }>(
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
        .send({ status: true, item: await adminInboxService.contact(db, req.params.id) }),
  );
  app.post<{ Params: { id: number }; Body: { answered: boolean; note?: string } }>(
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
      const item = await adminInboxService.answer(
        db,
        req.user!,
        req.params.id,
        req.body.answered,
        req.body.note,
      );
      return {
        status: true as const,
        message: item.answered ? 'Marked answered' : 'Marked unanswered',
        item,
      };
    },
  );
}
