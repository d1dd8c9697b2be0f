import type { FastifyInstance } from 'fastify';
import {
  CHAT_MESSAGE_MAX,
  chatLength,
  chatTooLong,
  checkEmail,
  normaliseEmail,
  orderNumber,
} from '@sf/shared';
import type { Db } from '@sf/db';
import { guestChannel, STAFF_CHANNEL, userChannel, type LiveEvent } from '../../lib/bus.ts';
import { badRequest, conflict, invalid, notFound, tooMany } from '../../lib/errors.ts';
import { take, waitText } from '../../lib/limits.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import {
  chatRepository,
  type ListRow,
  type MessageRow,
  type Party,
  type Side,
  type ThreadRow,
} from './repository.ts';
import type { MessageItem, ThreadAnswer, ThreadItem } from './types.ts';
import { tellRecipient } from './notices.ts';
import { iso } from '../../lib/time.ts';

/** Messages per user (or guest) and minute: a person types slower; a script does not. */
export const CHAT_RATE = { max: 30, windowMs: 60_000 };
/** New guest chat identities per client address and hour (a guest could mint a cookie per message). */
export const GUEST_CHAT_RATE = { max: 10, windowMs: 3_600_000 };
export const SUPPORT_TITLE = 'SpareFinder support';
const PREVIEW = 80;

/** Who is asking: a signed-in user, or a guest known by the hash of their chat cookie. */
export interface Viewer {
  user: SessionUser | null;
  guestId?: string;
}

const partyOf = (v: Viewer): Party | null =>
  v.user ? { userId: v.user.id } : v.guestId ? { guestId: v.guestId } : null;

/** Which side of the thread the viewer is on, or null when it is not theirs. */
function sideOf(t: ThreadRow, v: Viewer): Side | null {
  if (t.kind === 'support') {
    if (v.user) return t.user_a === v.user.id ? 'a' : null;
    return v.guestId && t.guest_id === v.guestId ? 'a' : null;
  }
  if (!v.user) return null;
  return t.user_a === v.user.id ? 'a' : t.user_b === v.user.id ? 'b' : null;
}

/** Keeps line breaks, drops spaces at both ends and runs of blank lines. */
const cleanBody = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function toMessage(m: MessageRow, side: Side | null): MessageItem {
  const staffView = side === null;
  return {
    id: m.id,
    threadId: m.thread_id,
    mine: m.side === (side ?? 'b'),
    side: m.side,
    senderName: m.sender_name ?? 'Guest',
    body: m.body,
    clientKey: m.client_key,
    reports: staffView ? Number(m.reports) : 0,
    hidden: staffView ? m.hidden : false,
    createdAt: iso(m.created_at),
  };
}

/** A thread as one side sees it; `side` null is the staff's view of a support thread. */
export function toThread(
  t: ThreadRow | ListRow,
  side: Side | null,
  o: { unread: number; blocked?: boolean; lastMessage?: string | null },
): ThreadItem {
  const me = side ?? 'b';
  const other = me === 'a' ? t.b_name : t.a_name;
  const title =
    t.kind === 'support' && me === 'a' ? SUPPORT_TITLE : (other ?? (t.guest_id ? 'Guest' : ''));
  const lastMessage = o.lastMessage ?? ('last_body' in t ? t.last_body : null) ?? '';
  return {
    id: t.id,
    kind: t.kind,
    // Only a guest's support thread has one, which only that guest and staff can read.
    guestEmail: t.guest_email ?? '',
    title,
    subjectType: t.subject_type,
    subjectId: t.subject_id,
    subjectTitle: t.subject_title,
    unread: o.unread,
    otherReadId: me === 'a' ? t.b_read_id : t.a_read_id,
    lastMessageId: t.last_message_id,
    lastMessage:
      lastMessage.length > PREVIEW ? `${lastMessage.slice(0, PREVIEW - 1)}…` : lastMessage,
    lastAt: t.last_message_at ? iso(t.last_message_at) : null,
    awaitingStaff: t.awaiting_staff,
    blocked: o.blocked ?? false,
  };
}

/** The channels a thread's events go to: each side's people (support's side b is the staff). */
function channelsOf(t: ThreadRow): { a: string; b: string } {
  const a = t.user_a ? userChannel(t.user_a) : guestChannel(t.guest_id!);
  return { a, b: t.kind === 'support' ? STAFF_CHANNEL : userChannel(t.user_b!) };
}

export function chatService(app: FastifyInstance) {
  const db = app.db;
  const repo = chatRepository(db);

  /** The thread if the viewer is on it; anyone else gets the same 404 as for a missing one. */
  async function access(v: Viewer, id: number): Promise<{ t: ThreadRow; side: Side }> {
    const t = await repo.thread(id);
    const side = t ? sideOf(t, v) : null;
    if (!t || !side) throw notFound('No such conversation');
    return { t, side };
  }

  async function limit(key: string) {
    const slot = await take(db, `chat:${key}`, CHAT_RATE);
    if (!slot.ok)
      throw tooMany(
        `You are sending messages too fast. Please wait ${waitText(slot.retryAfterS)}.`,
        slot.retryAfterS,
      );
  }

  async function blockedByOther(t: ThreadRow, side: Side, userId: string) {
    if (t.kind !== 'direct') return false;
    return repo.isBlocked(side === 'a' ? t.user_b! : t.user_a!, userId);
  }

  /**
   * Stores a message and, after the commit, tells both sides' open pages. A message whose client
   * key was stored before is answered with the stored one and announced again (the first answer
   * may have been lost with the connection), but never stored twice.
   */
  async function post(
    t: ThreadRow,
    side: Side,
    senderId: string | null,
    rawBody: string,
    clientKey: string | undefined,
    /** Runs in the message's transaction when it is stored (not on a resend of its key). */
    onStored?: (tx: Db, messageId: number) => Promise<void>,
  ): Promise<MessageItem> {
    const body = cleanBody(rawBody);
    if (!body) throw invalid('Write a message first', { body: 'Write a message first' });
    const length = chatLength(body);
    if (length > CHAT_MESSAGE_MAX)
      throw invalid(chatTooLong(length), { body: chatTooLong(length) });
    const hidden = senderId ? await blockedByOther(t, side, senderId) : false;
    const { id } = await transaction(db, async (tx) => {
      const m = await repo.insertMessage(tx, {
        threadId: t.id,
        side,
        senderId,
        body,
        clientKey: clientKey ?? null,
        hidden,
      });
      if (m.fresh) {
        await repo.afterMessage(tx, t.id, m.id, side, hidden);
        await onStored?.(tx, m.id);
      }
      if (m.fresh && !hidden) await tellRecipient(app, tx, t, side, senderId, body, SUPPORT_TITLE);
      return m;
    });
    const m = (await repo.message(id))!;
    const ch = channelsOf(t);
    const event: LiveEvent = {
      type: 'chat.message',
      threadId: t.id,
      messageId: m.id,
      side: m.side,
      kind: t.kind,
      preview: m.body.slice(0, PREVIEW),
      clientKey: m.client_key,
    };
    // A blocked writer's message reaches only the writer's own pages (decision 0017).
    const to = m.hidden ? [side === 'a' ? ch.a : ch.b] : [ch.a, ch.b];
    await Promise.all(to.map((c) => app.bus.publish(c, event)));
    return toMessage(m, side);
  }

  /** Moves a side's read mark; the other side's pages show "Seen", this side's other pages clear. */
  async function readAs(t: ThreadRow, side: Side, lastId: number) {
    const readId = await repo.markRead(t.id, side, lastId);
    const ch = channelsOf(t);
    const event = { type: 'chat.read', threadId: t.id, side, readId };
    await Promise.all([app.bus.publish(ch.a, event), app.bus.publish(ch.b, event)]);
    return readId;
  }

  return {
    access,

    async list(user: SessionUser) {
      const [items, unread] = await Promise.all([repo.list(user.id), repo.unreadTotal(user.id)]);
      return {
        unread,
        items: items.map((r) =>
          toThread(r, (r as ListRow & { my_side: Side }).my_side, { unread: Number(r.unread) }),
        ),
      };
    },

    /** My unread count, and the conversation waiting for me when only one is. */
    async unread(user: SessionUser) {
      const waiting = await repo.unreadThreads(user.id);
      return {
        unread: waiting.reduce((n, t) => n + Number(t.unread), 0),
        threads: waiting.length,
        threadId: waiting.length === 1 ? waiting[0].id : null,
      };
    },

    async thread(v: Viewer, id: number, afterId = 0): Promise<ThreadAnswer> {
      const { t, side } = await access(v, id);
      const [messages, unread, blocked] = await Promise.all([
        repo.messages(id, side, afterId),
        repo.unread(id, side),
        t.kind === 'direct'
          ? repo.isBlocked(v.user!.id, side === 'a' ? t.user_b! : t.user_a!)
          : false,
      ]);
      return {
        status: true,
        item: toThread(t, side, { unread, blocked }),
        messages: messages.map((m) => toMessage(m, side)),
      };
    },

    /** The viewer's support thread with its latest messages, or null before the first message. */
    async support(v: Viewer, afterId = 0) {
      const p = partyOf(v);
      const t = p ? await repo.supportOf(p) : undefined;
      if (!t) return { status: true as const, item: null, messages: [] };
      return this.thread(v, t.id, afterId);
    },

    async sendSupport(v: Viewer, body: string, clientKey?: string) {
      const p = partyOf(v);
      if (!p)
        throw badRequest('Your browser did not keep the chat cookie: allow cookies and retry');
      await limit(p.userId ?? `g:${p.guestId}`);
      const id = await transaction(db, (tx) => repo.ensureSupport(tx, p));
      const t = (await repo.thread(id))!;
      return post(t, 'a', v.user?.id ?? null, body, clientKey);
    },

    /** A guest leaves (or removes, with '') the e-mail staff answers go to. */
    async setGuestEmail(v: Viewer, raw: string) {
      if (v.user)
        throw badRequest(
          'Signed in, answers reach you through your account: no e-mail needed here',
        );
      const t = v.guestId ? await repo.supportOf({ guestId: v.guestId }) : undefined;
      if (!t) throw notFound('Write your question first, then leave your e-mail');
      const email = raw.trim() ? normaliseEmail(raw) : '';
      const wrong = email ? checkEmail(email) : undefined;
      if (wrong) throw invalid(wrong, { email: wrong });
      await repo.setGuestEmail(t.id, email);
      return email;
    },

    /**
     * At sign-in on a browser holding a guest's support thread, the thread joins the account
     * (decision 0017), so the question and its answer are not lost with the cookie.
     */
    async adoptGuest(guestId: string, userId: string) {
      const id = await transaction(db, (tx) => repo.adoptGuestSupport(tx, guestId, userId));
      if (id) await app.bus.publish(STAFF_CHANNEL, { type: 'chat.moved', threadId: id });
      return id;
    },

    async send(v: Viewer, id: number, body: string, clientKey?: string) {
      const { t, side } = await access(v, id);
      await limit(v.user?.id ?? `g:${v.guestId}`);
      return post(t, side, v.user?.id ?? null, body, clientKey);
    },

    /** Moves the viewer's read mark and shows the other side the receipt. */
    async read(v: Viewer, id: number, lastId: number) {
      const { t, side } = await access(v, id);
      await readAs(t, side, lastId);
      return v.user ? repo.unreadTotal(v.user.id) : repo.unread(id, side);
    },

    /** For the staff's inbox (staff.ts): the same store and announcement, as side b. */
    sendAs: post,
    readAs,

    /** The thread about a product, an order or a request, between its customer and its seller. */
    async open(
      user: SessionUser,
      subject: 'product' | 'order' | 'request',
      subjectId: number,
      withUserId?: string,
      offerId?: number,
    ): Promise<ThreadItem> {
      let a: string, b: string | null, title: string;
      if (subject === 'product') {
        const p = await repo.productSeller(subjectId);
        if (!p) throw notFound('No such part');
        [a, b, title] = [user.id, p.owner, p.name];
      } else if (subject === 'order') {
        const o = await repo.orderParties(subjectId);
        if (!o || (o.buyer !== user.id && o.seller !== user.id)) throw notFound('No such order');
        [a, b, title] = [o.buyer, o.seller, `Order ${orderNumber(subjectId)}`];
      } else {
        const r = await repo.request(subjectId);
        if (!r) throw notFound('No such request');
        title = `Request #${subjectId}: ${r.what}`;
        if (r.owner === user.id) {
          if (offerId) withUserId = await repo.offerUser(subjectId, offerId);
          if (!withUserId)
            throw invalid('Choose the provider to write to', { withUserId: 'Required' });
          if (!(await repo.reachedProvider(subjectId, withUserId)))
            throw notFound('That provider has not received this request');
          [a, b] = [user.id, withUserId];
        } else if (await repo.reachedProvider(subjectId, user.id)) [a, b] = [r.owner, user.id];
        else throw notFound('No such request');
      }
      if (!b) throw conflict('This seller has no account to chat with yet: use their phone number');
      if (a === b) throw badRequest('This is your own: there is no one to chat with');
      const id = await repo.ensureDirect(db, a, b, subject, subjectId, title);
      const t = (await repo.thread(id))!;
      const side: Side = t.user_a === user.id ? 'a' : 'b';
      return toThread(t, side, { unread: await repo.unread(id, side) });
    },

    async block(user: SessionUser, id: number, on: boolean) {
      const { t, side } = await access({ user }, id);
      if (t.kind !== 'direct') throw badRequest('Support cannot be blocked');
      const other = side === 'a' ? t.user_b! : t.user_a!;
      if (on) await repo.block(user.id, other);
      else await repo.unblock(user.id, other);
    },

    async report(user: SessionUser, messageId: number, reason: string) {
      const m = await repo.message(messageId);
      const { side } = m ? await access({ user }, m.thread_id) : { side: null };
      if (!m || !side || (m.hidden && m.side !== side)) throw notFound('No such message');
      if (m.side === side) throw badRequest('You cannot report your own message');
      await repo.report(messageId, user.id, reason.trim());
      await app.bus.publish(STAFF_CHANNEL, {
        type: 'chat.reported',
        threadId: m.thread_id,
        messageId,
      });
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
