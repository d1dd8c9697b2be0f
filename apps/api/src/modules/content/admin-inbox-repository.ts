import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { like } from '../admin/common.ts';

// What visitors send us: newsletter addresses and contact-us messages.

export interface SubscriberRow {
  id: number;
  email: string;
  source: string;
  created_at: Date;
}

export interface ContactRow {
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

export interface ContactFilter {
  id?: number;
  /** no: not answered yet; yes: answered; anything else: both. */
  answered?: string;
  q?: string;
  lastId?: number;
}

const whereSql = (w: SQL[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);

function subscriberWhere(q?: string) {
  const where: SQL[] = [];
  if (q?.trim()) where.push(sql`email ilike ${like(q.trim().toLowerCase())}`);
  return where;
}

export function adminInboxRepository(db: Db) {
  return {
    /** One query on a partial index (contact_messages_unanswered_idx). */
    async unansweredCount() {
      return (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from contact_messages where answered_at is null`,
        )
      )[0].n;
    },

    /** How many subscribers the text filter matches (every page of them). */
    async subscriberCount(q?: string) {
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from newsletter_subscribers ${whereSql(subscriberWhere(q))}`,
      );
      return n;
    },

    subscribers(f: { q?: string; lastId?: number }, limit: number) {
      const where = subscriberWhere(f.q);
      if (f.lastId) where.push(sql`id < ${f.lastId}`);
      return rows<SubscriberRow>(
        db,
        sql`select id, email, source, created_at from newsletter_subscribers ${whereSql(where)}
          order by id desc limit ${limit}`,
      );
    },

    /** Every subscriber, oldest first. */
    allSubscribers: () =>
      rows<Omit<SubscriberRow, 'id'>>(
        db,
        sql`select email, source, created_at from newsletter_subscribers order by id`,
      ),

    contacts(f: ContactFilter, limit: number, lock = false) {
      const where: SQL[] = [];
      if (f.id !== undefined) where.push(sql`m.id = ${f.id}`);
      if (f.answered === 'no') where.push(sql`m.answered_at is null`);
      if (f.answered === 'yes') where.push(sql`m.answered_at is not null`);
      const text = f.q?.trim();
      if (text) {
        const l = like(text);
        where.push(sql`(m.email ilike ${l} or m.name ilike ${l} or m.subject ilike ${l})`);
      }
      if (f.lastId) where.push(sql`m.id < ${f.lastId}`);
      return rows<ContactRow>(
        db,
        sql`select m.id, m.name, m.email, m.phone, m.subject, m.message, m.ip, m.user_id, m.created_at,
          m.answered_at, u.email as answered_by
        from contact_messages m left join users u on u.id = m.answered_by
        ${whereSql(where)} order by m.id desc limit ${limit} ${lock ? sql`for update of m` : sql``}`,
      );
    },

    /** Marks the message answered by the staff member, or (null) unanswered again. */
    setAnswered: (id: number, by: string | null) =>
      db.execute(
        by !== null
          ? sql`update contact_messages set answered_at = now(), answered_by = ${by} where id = ${id}`
          : sql`update contact_messages set answered_at = null, answered_by = null where id = ${id}`,
      ),
  };
}
