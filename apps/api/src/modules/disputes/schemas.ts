import { Id, Kobo, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
export const DISPUTE_REASONS = ['wrong_part', 'fake', 'damaged', 'not_received'] as const;

export const openBody = {
  type: 'object',
  additionalProperties: false,
  required: ['orderId', 'productId', 'reason', 'message'],
  properties: {
    orderId: Id(),
    productId: Id(),
    reason: { type: 'string', enum: [...DISPUTE_REASONS] },
    message: Text({ maxLength: 2000, minLength: 5, multiline: true, description: 'What is wrong' }),
  },
} as const;

export const messageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['body'],
  properties: { body: Text({ maxLength: 2000, minLength: 1, multiline: true }) },
} as const;

export const offerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['refund', 'replacement'] },
    amountKobo: Kobo({ description: 'For a refund: how much (at most the order total)' }),
  },
} as const;

export const decideBody = {
  type: 'object',
  additionalProperties: false,
  required: ['decision', 'note'],
  properties: {
    decision: { type: 'string', enum: ['refund', 'release'] },
    amountKobo: Kobo({ description: 'For a refund: how much (full: the order total)' }),
    note: Text({
      maxLength: 1000,
      minLength: 3,
      multiline: true,
      description: 'Why, for both sides',
    }),
  },
} as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { status: { type: 'string', enum: ['open', 'waiting', 'all'] } },
} as const;

export const disputeItem = Obj({
  id: int,
  order_id: int,
  product_id: int,
  product_name: str,
  line_total_kobo: int,
  order_total_kobo: int,
  payment_method: str,
  store_id: int,
  store_name: str,
  buyer_name: str,
  reason: { type: 'string', enum: [...DISPUTE_REASONS] },
  reason_label: str,
  status: { type: 'string', enum: ['open', 'offered', 'resolved'] },
  status_label: { ...str, description: 'Where the dispute stands, in words' },
  offer: nullable({ type: 'string', enum: ['refund', 'replacement'] }),
  offer_kobo: nullable(int),
  outcome: nullable({ type: 'string', enum: ['refund', 'replacement', 'release', 'withdrawn'] }),
  refund_kobo: nullable(int),
  escalate_at: { ...str, description: 'From then on staff decide' },
  resolved_at: nullable(str),
  created_at: str,
  viewer: {
    type: 'string',
    enum: ['buyer', 'seller', 'admin'],
    description: 'How the caller sees it',
  },
  actions: { type: 'array', items: str, description: 'What the caller may do now' },
});

export const messageItem = Obj({
  id: int,
  author: { type: 'string', enum: ['buyer', 'seller', 'admin', 'system'] },
  author_name: str,
  body: str,
  photo: nullable(Obj({ src: str, srcset: str })),
  created_at: str,
});

export const oneReply = Obj({
  status: okStatus,
  message: str,
  item: disputeItem,
  messages: { type: 'array', items: messageItem },
});
export const listReply = Obj(
  {
    status: okStatus,
    items: { type: 'array', items: disputeItem },
    storeOpen: {
      type: 'integer',
      description:
        "How many disputes against the caller's stores are not settled (all of them, not only this page's)",
    },
  },
  ['storeOpen'],
);
