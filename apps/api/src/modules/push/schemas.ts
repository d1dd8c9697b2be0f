import { Obj, Text, okStatus, nullable } from '../../lib/schemas.ts';

// Web Push consent (docs/decisions/0027): the browser's subscription is the user's consent.

export const keyReply = Obj({
  status: okStatus,
  /** The VAPID public key browsers subscribe with; null when this server sends no push. */
  publicKey: nullable({ type: 'string' }),
});

/** What PushSubscription.toJSON() gives, as the browser sends it. */
export const subscribeBody = {
  type: 'object',
  required: ['endpoint', 'keys'],
  additionalProperties: false,
  properties: {
    endpoint: Text({ maxLength: 1000, minLength: 10 }),
    // A time in ms since 1970, or null (the Push API's PushSubscription.toJSON()).
    expirationTime: { type: ['number', 'null'], minimum: 0, maximum: 8_640_000_000_000_000 },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      additionalProperties: false,
      properties: {
        p256dh: Text({ maxLength: 100, minLength: 80, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
        auth: Text({ maxLength: 30, minLength: 16, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
      },
    },
  },
} as const;

export const unsubscribeBody = {
  type: 'object',
  required: ['endpoint'],
  additionalProperties: false,
  properties: { endpoint: Text({ maxLength: 1000, minLength: 10 }) },
} as const;

export const subscribedReply = Obj({ status: okStatus, message: { type: 'string' } });
export const unsubscribedReply = Obj({
  status: okStatus,
  /** False when this browser had no subscription of yours (already off). */
  removed: { type: 'boolean' },
});
