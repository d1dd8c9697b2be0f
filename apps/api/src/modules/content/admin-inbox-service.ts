import type { Db } from '@sf/db';
import { csvFile } from '../../lib/csv.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { iso } from '../../lib/time.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import { page } from '../admin/common.ts';
import { adminInboxRepository, type ContactRow } from './admin-inbox-repository.ts';
import type { AdminContactListItem, AdminContactMessage, AdminSubscriber } from './types.ts';

// What visitors send us (decision 0019): newsletter addresses (listed, exported as CSV for the
// mailing tool) and contact-us messages (read, marked answered once staff replied by e-mail).

export interface SubscriberQuery {
  q?: string;
  lastId?: number;
  pagesize?: number;
}
export interface ContactQuery {
  answered?: string;
  q?: string;
  lastId?: number;
  pagesize?: number;
}

const toContact = (r: ContactRow): AdminContactMessage => ({
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

async function contact(db: Db, id: number) {
  const [r] = await adminInboxRepository(db).contacts({ id }, 1);
  if (!r) throw notFound(`No contact message with id ${id}`);
  return toContact(r);
}

export function adminInboxService(db: Db) {
  const repo = adminInboxRepository(db);
  return {
    /** Contact messages not answered yet (the admin area's attention count). */
    unansweredCount: () => repo.unansweredCount(),

    async subscribers(q: SubscriberQuery) {
      const n = await repo.subscriberCount(q.q);
      const size = q.pagesize ?? 50;
      const list = await repo.subscribers(q, size + 1);
      const got = page(
        list.map((r): AdminSubscriber => ({
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
    exportCsv: (me: SessionUser) =>
      transaction(db, async (tx) => {
        const list = await adminInboxRepository(tx).allSubscribers();
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

    async contacts(q: ContactQuery) {
      const size = q.pagesize ?? 50;
      const filter = { answered: q.answered, q: q.q, lastId: q.lastId };
      const list = (await repo.contacts(filter, size + 1)).map((r): AdminContactListItem => {
        const { message, phone: _p, ip: _i, userId: _u, ...rest } = toContact(r);
        return { ...rest, preview: message.length > 140 ? `${message.slice(0, 139)}…` : message };
      });
      return page(list, size);
    },

    contact: (id: number) => contact(db, id),

    /** Staff reply by e-mail, then mark it answered (or open it again). */
    answer: (me: SessionUser, id: number, answered: boolean, note?: string) =>
      transaction(db, async (tx) => {
        const txRepo = adminInboxRepository(tx);
        const [r] = await txRepo.contacts({ id }, 1, true);
        if (!r) throw notFound(`No contact message with id ${id}`);
        if ((r.answered_at !== null) === answered)
          throw conflict(`This message is already marked ${answered ? 'answered' : 'unanswered'}`);
        await txRepo.setAnswered(id, answered ? me.id : null);
        await recordAudit(tx, {
          actorId: me.id,
          action: answered ? 'contact.answer' : 'contact.reopen',
          targetType: 'contact',
          targetId: id,
          before: { answered: !answered },
          after: { answered },
          note,
        });
        return contact(tx, id);
      }),
  };
}

export type AdminInboxService = ReturnType<typeof adminInboxService>;
