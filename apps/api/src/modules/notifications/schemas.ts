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
  /** SMS copies on or off (the default); decision 0027. */
  sms: { type: 'boolean' },
  /** Whether SMS copies can be had: the site sends SMS and the account's number is a mobile one. */
  smsAvailable: { type: 'boolean' },
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

export const smsReply = Obj({ status: okStatus, sms: { type: 'boolean' } });
