import { Obj, okStatus } from '../../lib/schemas.ts';

// The bell: a signed-in user's in-app notifications and how many are unread.

export const notificationItem = Obj({
  id: { type: 'integer' },
  type: { type: 'string' },
  title: { type: 'string' },
  /** A path inside the site. */
  link: { type: 'string' },
  read: { type: 'boolean' },
  createdAt: { type: 'string' },
});

export const notificationsReply = Obj({
  status: okStatus,
  unread: { type: 'integer' },
  /** E-mail copies on (the default) or off. */
  email: { type: 'boolean' },
  items: { type: 'array', items: notificationItem },
});

export const readReply = Obj({ status: okStatus, unread: { type: 'integer' } });

export const emailBody = {
  type: 'object',
  required: ['on'],
  additionalProperties: false,
  properties: { on: { type: 'boolean' } },
} as const;
export const emailReply = Obj({ status: okStatus, email: { type: 'boolean' } });
