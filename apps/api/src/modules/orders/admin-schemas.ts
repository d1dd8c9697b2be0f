import { PASSWORD_MAX } from '@sf/shared';
import { Id, Int, Kobo, Obj, Text, errorSchema, nullable, okStatus } from '../../lib/schemas.ts';
import { orderView } from './schemas.ts';
import { ORDER_STATES } from './states.ts';

// Staff's view of any order: find it, its money in the ledger, refunds, the escrow hold.
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const adminOrderRow = Obj({
  id: int,
  number: str,
  status: str,
  paymentMethod: str,
  storeName: str,
  buyerEmail: str,
  totalKobo: int,
  paidAt: nullable(str),
  escrowHeldAt: nullable(str),
  createdAt: str,
});
export const adminOrdersAnswer = Obj({
  status: okStatus,
  items: { type: 'array', items: adminOrderRow },
  lastId: nullable(int),
});

export const refundItem = Obj({
  reference: str,
  amountKobo: int,
  status: str,
  createdAt: str,
});
export const postingItem = Obj({
  id: int,
  kind: str,
  ref: str,
  memo: str,
  createdAt: str,
  entries: { type: 'array', items: Obj({ account: str, amountKobo: int }) },
});
export const adminOrderAnswer = Obj({
  status: okStatus,
  order: orderView,
  buyerEmail: str,
  /** What escrow holds for this order now (the refundable amount). */
  escrowKobo: int,
  refundedKobo: int,
  escrowHeldAt: nullable(str),
  refunds: { type: 'array', items: refundItem },
  postings: { type: 'array', items: postingItem },
});
export const adminOrderActionAnswer = Obj({
  status: okStatus,
  message: str,
  escrowKobo: int,
  refundedKobo: int,
  escrowHeldAt: nullable(str),
});

const params = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: Id() },
} as const;
const note = Text({ maxLength: 500, multiline: true });

export const listSchema = {
  tags,
  summary:
    'Any order, newest first: q is an order number (SF-…), a buyer e-mail or a payment reference',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      q: Text({ maxLength: 100 }),
      status: { type: 'string', enum: [...ORDER_STATES] },
      lastId: Int(),
    },
  },
  response: { 200: adminOrdersAnswer, 400: errorSchema, 401: errorSchema, 403: errorSchema },
} as const;

export const getSchema = {
  tags,
  summary: 'One order with its refunds and ledger postings',
  params,
  response: { 200: adminOrderAnswer, ...errors },
} as const;

export const refundSchema = {
  tags,
  summary:
    "Refund all or part of what escrow holds for a Paystack order; needs the admin's password again",
  description:
    'requestKey makes the refund idempotent: the same key never refunds twice. The amount can never exceed what escrow still holds.',
  params,
  body: {
    type: 'object',
    required: ['amountKobo', 'requestKey'],
    additionalProperties: false,
    properties: {
      amountKobo: Kobo({ minimum: 1 }),
      requestKey: Text({ maxLength: 64, minLength: 8, pattern: '^[A-Za-z0-9_-]+$' }),
      password: Text({ maxLength: PASSWORD_MAX * 4 }),
      note,
    },
  },
  response: { 200: adminOrderActionAnswer, ...errors, 409: errorSchema, 429: errorSchema },
} as const;

const noteAction = (summary: string) =>
  ({
    tags,
    summary,
    params,
    body: { type: 'object', additionalProperties: false, properties: { note } },
    response: { 200: adminOrderActionAnswer, ...errors, 409: errorSchema },
  }) as const;
export const holdSchema = noteAction(
  'Hold the escrow: the money is not released to the store automatically until staff lift it',
);
export const unholdSchema = noteAction('Lift the hold: the automatic release applies again');
export const releaseSchema = noteAction(
  'Release the escrow to the store now (a delivered order becomes completed)',
);
