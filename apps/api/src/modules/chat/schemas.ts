import { CHAT_MESSAGE_MAX, EMAIL_MAX } from '@sf/shared';
import { Id, Int, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

// Chat (decision 0017): support threads (a user or a guest with the staff) and direct threads
// (a customer and a seller or provider about a product, an order or a request).

export const messageItem = Obj({
  id: { type: 'integer' },
  threadId: { type: 'integer' },
  /** Written by the one asking (or, for staff, by the staff). */
  mine: { type: 'boolean' },
  /** 'a' the customer, 'b' the seller, provider or staff. */
  side: { type: 'string', enum: ['a', 'b'] },
  senderName: { type: 'string' },
  body: { type: 'string' },
  clientKey: nullable({ type: 'string' }),
  /** Open reports on it (staff only; 0 for everyone else). */
  reports: { type: 'integer' },
  /** Stored but not delivered: the other side had blocked the writer (staff only). */
  hidden: { type: 'boolean' },
  createdAt: { type: 'string' },
});

export const threadItem = Obj({
  id: { type: 'integer' },
  /** A guest's support thread: the e-mail staff answers go to (the guest and staff see it; '' otherwise). */
  guestEmail: { type: 'string' },
  kind: { type: 'string', enum: ['support', 'direct'] },
  /** Who is on the other side: "SpareFinder support", a store or a buyer's name. */
  title: { type: 'string' },
  /** product | order | request, and its id (direct threads). */
  subjectType: nullable({ type: 'string' }),
  subjectId: nullable({ type: 'integer' }),
  subjectTitle: { type: 'string' },
  unread: { type: 'integer' },
  /** The last message of mine the other side has read (read receipts). */
  otherReadId: { type: 'integer' },
  lastMessageId: nullable({ type: 'integer' }),
  lastMessage: { type: 'string' },
  lastAt: nullable({ type: 'string' }),
  /** Support: the customer wrote last and no admin has answered. */
  awaitingStaff: { type: 'boolean' },
  /** I have blocked the other side (direct threads). */
  blocked: { type: 'boolean' },
});

export const threadsReply = Obj({
  status: okStatus,
  unread: { type: 'integer' },
  items: { type: 'array', items: threadItem },
});
export const threadReply = Obj({
  status: okStatus,
  item: threadItem,
  messages: { type: 'array', items: messageItem },
});
export const supportReply = Obj({
  status: okStatus,
  item: nullable(threadItem),
  messages: { type: 'array', items: messageItem },
});
export const openReply = Obj({ status: okStatus, item: threadItem });
export const sentReply = Obj({ status: okStatus, item: messageItem });
export const readReply = Obj({ status: okStatus, unread: { type: 'integer' } });
export const unreadReply = Obj({
  status: okStatus,
  unread: { type: 'integer' },
  /** How many of my conversations hold unread messages. */
  threads: { type: 'integer' },
  /** The one conversation waiting for me, when exactly one is (the Chat badge opens it). */
  threadId: nullable({ type: 'integer' }),
});

export const guestEmailBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: {
    /** '' removes it. */
    email: Text({ maxLength: EMAIL_MAX }),
  },
} as const;

/**
 * The schema lets a long paste through to the service, which refuses anything over
 * CHAT_MESSAGE_MAX with a message saying how long it is (decision 0017); this cap only bounds
 * what a request may carry.
 */
const PASTE_CAP = CHAT_MESSAGE_MAX * 50;

export const messageBody = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: {
    body: Text({
      maxLength: PASTE_CAP,
      multiline: true,
      description: `At most ${CHAT_MESSAGE_MAX} characters: a longer one is refused (400), never cut`,
    }),
    /** The browser's key for this message: sending it again never stores it twice. */
    clientKey: Text({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  },
} as const;

export const openBody = {
  type: 'object',
  required: ['subject', 'subjectId'],
  additionalProperties: false,
  properties: {
    subject: { type: 'string', enum: ['product', 'order', 'request'] },
    subjectId: Id(),
    /** About a request of mine: the provider to write to, by user id or by their offer's id. */
    withUserId: { type: 'string', format: 'uuid' },
    offerId: Id(),
  },
} as const;

export const readBody = {
  type: 'object',
  required: ['lastId'],
  additionalProperties: false,
  properties: { lastId: Int() },
} as const;

export const reportBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: Text({ maxLength: 300 }) },
} as const;

export const threadParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: Id() },
} as const;

export const afterQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    afterId: Int({ description: 'Only messages after this id (a reload after a reconnect)' }),
  },
} as const;

export const inboxQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    show: { type: 'string', enum: ['waiting', 'all', 'reported'], default: 'waiting' },
    lastId: Int(),
  },
} as const;
export const inboxReply = Obj({
  status: okStatus,
  waiting: { type: 'integer' },
  reported: { type: 'integer' },
  items: { type: 'array', items: threadItem },
});
