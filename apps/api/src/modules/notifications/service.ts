import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { userChannel, type LiveEvent } from '../../lib/bus.ts';
import { notificationsRepository, type NewNotification } from './repository.ts';
import type { NotificationItem, NotificationsAnswer } from './types.ts';

/** A notification together with the live event its user's open pages receive. */
export interface Notice extends NewNotification {
  event: LiveEvent;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The bell's store. `record` writes notifications (inside the caller's transaction, so they
 * exist exactly when the change does); `announce`, after the commit, sends each user the event
 * with their new unread count, on the live bus, to every open page of theirs.
 */
export function notificationsService(app: FastifyInstance) {
  const repo = notificationsRepository(app.db);
  return {
    record: (tx: Db, notices: Notice[]) => repo.insert(notices, tx),
    async announce(notices: Notice[]) {
      if (notices.length === 0) return;
      const unread = await repo.unread([...new Set(notices.map((n) => n.userId))]);
      await Promise.all(
        notices.map((n) =>
          app.bus.publish(userChannel(n.userId), {
            ...n.event,
            notification: { title: n.title, link: n.link },
            unread: unread.get(n.userId) ?? 0,
          }),
        ),
      );
    },
    async list(userId: string): Promise<NotificationsAnswer> {
      const [items, unread] = await Promise.all([repo.latest(userId), repo.unread([userId])]);
      return {
        status: true,
        unread: unread.get(userId) ?? 0,
        items: items.map((r): NotificationItem => ({
          id: r.id,
          type: r.type,
          title: r.title,
          link: r.link,
          read: r.read_at !== null,
          createdAt: iso(r.created_at),
        })),
      };
    },
    async markRead(userId: string) {
      await repo.markRead(userId);
      await app.bus.publish(userChannel(userId), { type: 'notifications.read', unread: 0 });
    },
  };
}
