import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { clip, notificationsService } from '../notifications/service.ts';
import type { Side, ThreadRow } from './repository.ts';

/**
 * The other side of a thread hears of a new message (decision 0027), when it is a user (staff
 * read the support inbox instead):
 * - by push, every message;
 * - in the bell and by e-mail only when the message starts an unread run (the first of it they
 *   have not read), so a seller who misses the chat still finds it, a user whose support question
 *   staff answered after they left hears of it, and a chatty buyer does not send ten e-mails;
 *   once they read the thread, the next message rings again.
 * In `tx`, with the message.
 */
export async function tellRecipient(
  app: FastifyInstance,
  tx: Db,
  t: ThreadRow,
  side: Side,
  senderId: string | null,
  body: string,
  supportTitle: string,
) {
  const to = side === 'a' ? t.user_b : t.user_a;
  if (!to || to === senderId) return;
  const from = side === 'a' ? t.a_name : t.kind === 'support' ? supportTitle : t.b_name;
  const [r] = await rows<{ unread: number }>(
    tx,
    sql`select count(*)::int as unread from chat_messages m join chat_threads t on t.id = m.thread_id
        where t.id = ${t.id} and m.side = ${side} and not m.hidden
          and m.id > ${side === 'a' ? sql`t.b_read_id` : sql`t.a_read_id`}`,
  );
  const rings = r?.unread === 1;
  await notificationsService(app).tell(tx, [
    {
      userId: to,
      type: 'chat.message',
      title: `${from || 'Someone'} sent you a message${t.kind === 'direct' && t.subject_title ? ` about ${t.subject_title}` : ''}`,
      detail: clip(body, 120),
      link: `/chat/${t.id}`,
      channels: { bell: rings, email: rings },
      // Not 'chat.message': open chat pages read that event as the message itself.
      event: { type: 'chat.notice', threadId: t.id },
    },
  ]);
}
