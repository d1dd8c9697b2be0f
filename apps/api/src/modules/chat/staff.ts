import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/session.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { GUEST_CHAT_DAYS } from '../../lib/chat-guest.ts';
import { queueMail } from '../../lib/mail.ts';
import { publicOrigin } from '../../config.ts';
import { defineAttention } from '../audit/attention.ts';
import { recordAudit } from '../audit/service.ts';
import { chatRepository } from './repository.ts';
import { chatService, toMessage, toThread } from './service.ts';
import type { InboxAnswer, MessageItem, ThreadAnswer } from './types.ts';

// What waits for staff, shown in the admin layout (decision 0016).
defineAttention({
  key: 'support.unanswered',
  label: 'Support chats waiting for an answer',
  href: '/admin/support',
  count: (db) => chatRepository(db).countAwaiting(),
});
defineAttention({
  key: 'messages.reported',
  label: 'Reported chat messages',
  href: '/admin/support?show=reported',
  count: (db) => chatRepository(db).countReported(),
});

/**
 * The staff's side of chat (/admin/support): every support thread, answered by any admin as
 * side b, and any thread holding a reported message (to read it, never to write in it).
 */
export function staffChatService(app: FastifyInstance) {
  const repo = chatRepository(app.db);
  const chat = chatService(app);

  async function staffThread(id: number) {
    const t = await repo.thread(id);
    if (!t) throw notFound('No such conversation');
    return t;
  }

  return {
    async inbox(show: 'waiting' | 'all' | 'reported', lastId?: number): Promise<InboxAnswer> {
      const [items, waiting, reported] = await Promise.all([
        repo.inbox(show, lastId),
        repo.countAwaiting(),
        repo.countReported(),
      ]);
      return {
        status: true,
        waiting,
        reported,
        items: items.map((r) =>
          toThread(r, r.kind === 'support' ? null : 'b', { unread: Number(r.unread) }),
        ),
      };
    },

    async thread(id: number, afterId = 0): Promise<ThreadAnswer> {
      const t = await staffThread(id);
      // Staff read a private conversation only when a participant reported something in it.
      if (t.kind === 'direct' && !(await repo.wasReported(id)))
        throw notFound('No such conversation');
      const messages = await repo.messages(id, null, afterId);
      return {
        status: true,
        item: toThread(t, null, {
          unread: t.kind === 'support' ? await repo.unread(id, 'b') : 0,
        }),
        messages: messages.map((m) => toMessage(m, null)),
      };
    },

    async answer(
      admin: SessionUser,
      id: number,
      body: string,
      clientKey?: string,
    ): Promise<MessageItem> {
      const t = await staffThread(id);
      if (t.kind !== 'support') throw badRequest('Staff answer support conversations only');
      // A guest who left an e-mail gets each answer by mail too, in the message's transaction:
      // they may have closed the page long ago (decision 0017).
      const to = t.guest_id ? t.guest_email : null;
      const origin = publicOrigin(app.config);
      return chat.sendAs(t, 'b', admin.id, body, clientKey, async (tx) => {
        if (!to) return;
        await queueMail(tx, {
          to,
          subject: 'SpareFinder support answered your question',
          text: `${body.trim()}\n\n${admin.name}, SpareFinder support\n\nTo write back, open ${origin}/chat on the phone or computer you asked from (it keeps the conversation for ${GUEST_CHAT_DAYS} days after your first message), or create an account at ${origin}/auth/register and the conversation moves into it when you sign in there.\n\nYou get this e-mail because you left this address in the SpareFinder NG support chat.`,
        });
      });
    },

    async read(id: number, lastId: number) {
      const t = await staffThread(id);
      if (t.kind !== 'support')
        throw badRequest('Only support conversations have a staff read mark');
      await chat.readAs(t, 'b', lastId);
      return repo.countAwaiting();
    },

    /** Closes a message's open reports; the audit log keeps who did and how many. */
    async resolve(messageId: number, admin: SessionUser) {
      return transaction(app.db, async (tx) => {
        const n = await repo.resolveReports(messageId, admin.id, tx);
        if (n === 0) throw notFound('No open report on this message');
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'message.resolve',
          targetType: 'message',
          targetId: messageId,
          after: { reportsClosed: n },
        });
        return n;
      });
    },
  };
}
