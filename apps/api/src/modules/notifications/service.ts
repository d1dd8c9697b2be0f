import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { userChannel, type LiveEvent } from '../../lib/bus.ts';
import { queueMail } from '../../lib/mail.ts';
import { afterCommit } from '../../lib/tx.ts';
import { publicOrigin } from '../../config.ts';
import { queuePushes } from '../push/jobs.ts';
import { queueSms } from '../sms/service.ts';
import { nigerianMobile } from '@sf/shared';
import { notificationsRepository, type NewNotification } from './repository.ts';
import type { NotificationItem, NotificationsAnswer } from './types.ts';
import { iso } from '../../lib/time.ts';

/** A notification together with the live event its user's open pages receive. */
export interface Notice extends NewNotification {
  event: LiveEvent;
  /**
   * Channels this notice skips (docs/decisions/0027): `email: false` where the module mails a
   * receipt of its own (orders), `bell: false` where the page has its own badge (chat). An SMS
   * copy goes with each notice of the bell to users who turned SMS copies on, unless `sms: false`.
   * Push goes to every browser the user subscribed.
   */
  channels?: { bell?: boolean; email?: boolean; sms?: boolean };
  /** The push notification's text under the title (default: none). */
  detail?: string;
}

/**
 * A notice as one SMS: its title and where to open it. ₦ would make the whole message Unicode
 * (70 characters a page instead of 160), so amounts are written NGN.
 */
export function smsText(title: string, url: string): string {
  const words = title.replace(/₦/g, 'NGN ').replace(/\s+/g, ' ').trim();
  const room = 160 - url.length - 1;
  return `${words.length > room ? `${words.slice(0, Math.max(room - 1, 20))}…` : words}\n${url}`;
}

/**
 * The first `max` characters of a text as people count them (code points), with '…' when cut:
 * never half of an emoji, whose lone surrogate the database refuses.
 */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The bell's store. `record` writes notifications (inside the caller's transaction, so they
 * exist exactly when the change does); `announce`, after the commit, sends each user the event
 * with their new unread count, on the live bus, to every open page of theirs.
 */
export function notificationsService(app: FastifyInstance) {
  const repo = notificationsRepository(app.db);
  return {
    /**
     * Writes the notifications and queues each channel's copy (docs/decisions/0027): e-mail
     * (unless the user opted out) and a push to each browser the user subscribed.
     */
    async record(tx: Db, notices: Notice[]) {
      await repo.insert(
        notices.filter((n) => n.channels?.bell !== false),
        tx,
      );
      const mailed = notices.filter((n) => n.channels?.email !== false);
      const to = new Map(
        (await repo.mailable([...new Set(mailed.map((n) => n.userId))], tx)).map((u) => [
          u.id,
          u.email,
        ]),
      );
      await queuePushes(
        app,
        tx,
        notices.map((n) => ({
          userId: n.userId,
          title: n.title,
          body: n.detail ?? '',
          link: n.link,
          tag: n.type,
        })),
      );
      const origin = publicOrigin(app.config);
      // SMS copies of what reaches the bell, for users who turned them on (decision 0027).
      const texted = notices.filter((n) => n.channels?.bell !== false && n.channels?.sms !== false);
      if (app.sms && texted.length) {
        const phones = new Map(
          (await repo.textable([...new Set(texted.map((n) => n.userId))], tx)).map((u) => [
            u.id,
            nigerianMobile(u.phone),
          ]),
        );
        for (const n of texted) {
          const to = phones.get(n.userId);
          if (to)
            await queueSms(tx, { to, text: smsText(n.title, origin + n.link), purpose: 'notice' });
        }
      }
      for (const n of mailed) {
        const email = to.get(n.userId);
        if (!email) continue;
        await queueMail(tx, {
          to: email,
          subject: clip(n.title, 90),
          text: `${n.title}\n\nOpen it: ${origin}${n.link}\n\nYou get these e-mails because you use SpareFinder NG. Turn them off on ${origin}/user/notifications.`,
        });
      }
    },
    /**
     * Only the bell's rows, in `tx`: no e-mail, push or SMS copy (for a caller that sends its
     * own e-mail whatever the user's settings, and announces after the commit).
     */
    async ring(tx: Db, notices: Notice[]) {
      await repo.insert(notices, tx);
    },
    /** `record` in `tx`, and `announce` once `tx` has committed (never after a rollback). */
    async tell(tx: Db, notices: Notice[]) {
      if (notices.length === 0) return;
      await this.record(tx, notices);
      // Open pages hear of what reached the bell; a push-only notice has no count to move.
      const rung = notices.filter((n) => n.channels?.bell !== false);
      await afterCommit(tx, () => this.announce(rung));
    },
    emailOn: (userId: string) => repo.emailOn(userId),
    setSms: (userId: string, on: boolean) => repo.setSms(userId, on),
    setEmail: (userId: string, on: boolean) => repo.setEmail(userId, on),
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
    async list(userId: string, phone: string): Promise<NotificationsAnswer> {
      const [items, unread, email, sms] = await Promise.all([
        repo.latest(userId),
        repo.unread([userId]),
        repo.emailOn(userId),
        repo.smsOn(userId),
      ]);
      return {
        status: true,
        unread: unread.get(userId) ?? 0,
        email,
        sms,
        smsAvailable: app.sms !== null && nigerianMobile(phone) !== null,
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
