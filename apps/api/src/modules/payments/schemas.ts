import { Obj, nullable, okStatus } from '../../lib/schemas.ts';

// The payments' answers.

export const webhookReply = Obj({ status: okStatus });

/** Where Paystack sends the buyer back: a redirect to the order (or the orders page). */
export const callbackRedirect = {
  description: 'To the order page with ?payment=success|failed|pending, or to /user/orders',
} as const;

export const verifyReply = Obj({
  status: okStatus,
  payment: Obj({
    reference: { type: 'string' },
    status: { type: 'string' },
    amountKobo: { type: 'integer' },
    paidAt: nullable({ type: 'string' }),
  }),
});
