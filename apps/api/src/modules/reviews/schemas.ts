import { Id, Int, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const rating = Int({ minimum: 1, maximum: 5, description: '1 (poor) to 5 (excellent)' });

export const reviewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['orderId', 'productId', 'storeRating', 'productRating'],
  properties: {
    orderId: Id(),
    productId: Id(),
    storeRating: rating,
    productRating: rating,
    body: Text({ maxLength: 2000, multiline: true, description: 'What the buyer found' }),
  },
} as const;

export const answerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: Text({ maxLength: 1000, minLength: 1, multiline: true }) },
} as const;

export const hideBody = {
  type: 'object',
  additionalProperties: false,
  required: ['note'],
  properties: { note: Text({ maxLength: 300, minLength: 3, description: 'Which rule it breaks' }) },
} as const;

export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { lastId: Id() },
} as const;

export const summaryQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['products'],
  properties: {
    products: Text({
      maxLength: 600,
      pattern: '^\\d{1,9}(,\\d{1,9}){0,59}$',
      description: 'Up to 60 product ids, comma-separated',
    }),
  },
} as const;

const ratingSchema = Obj({
  count: int,
  average: nullable({ type: 'number', description: 'One decimal; null without reviews' }),
});

export const reviewItem = Obj({
  id: int,
  order_id: int,
  product_id: int,
  product_name: str,
  store_id: int,
  store_name: str,
  buyer_name: { ...str, description: "The buyer's first name" },
  store_rating: int,
  product_rating: int,
  body: str,
  photo: nullable(Obj({ src: str, srcset: str })),
  verified: {
    type: 'boolean',
    enum: [true],
    description: 'Always: only buyers of the order review',
  },
  created_at: str,
  answer: nullable(str),
  answered_at: nullable(str),
  hidden: { type: 'boolean' },
});

export const oneReply = Obj({ status: okStatus, message: str, item: reviewItem });
export const listReply = Obj({
  status: okStatus,
  rating: ratingSchema,
  items: { type: 'array', items: reviewItem },
  lastId: nullable(int),
});
export const summaryReply = Obj({
  status: okStatus,
  items: {
    type: 'array',
    items: Obj({ prod_id: int, product: ratingSchema, store: ratingSchema }),
  },
});

// Reviews of mechanics and tow vans after an accepted broadcast job.

export const providerReviewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['rating'],
  properties: {
    rating,
    body: Text({ maxLength: 2000, multiline: true, description: 'How the job went' }),
  },
} as const;

export const providerSummaryQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: Text({
      maxLength: 600,
      pattern: '^\\d{1,9}(,\\d{1,9}){0,59}$',
      description: 'Up to 60 provider ids (sp_id), comma-separated',
    }),
  },
} as const;

export const providerReviewItem = Obj({
  id: int,
  request_id: int,
  sp_id: int,
  provider_name: str,
  kind: { type: 'string', enum: ['mechanic', 'towvan'] },
  user_name: { ...str, description: "The requester's first name" },
  rating: int,
  body: str,
  verified: {
    type: 'boolean',
    enum: [true],
    description: 'Always: only a requester who accepted the provider’s offer reviews',
  },
  created_at: str,
  answer: nullable(str),
  answered_at: nullable(str),
  hidden: { type: 'boolean' },
});

export const providerOneReply = Obj({ status: okStatus, message: str, item: providerReviewItem });
export const providerListReply = Obj({
  status: okStatus,
  rating: ratingSchema,
  items: { type: 'array', items: providerReviewItem },
  lastId: nullable(int),
});
/** A requester's job and its review: who can be reviewed, and the review once written. */
export const jobReviewReply = Obj({
  status: okStatus,
  provider: nullable(
    Obj({ sp_id: int, name: str, kind: { type: 'string', enum: ['mechanic', 'towvan'] } }),
  ),
  /** The job is done (confirmed, or marked done 72 hours ago without objection): it can be reviewed. */
  reviewOpen: { type: 'boolean' },
  item: nullable(providerReviewItem),
});
export const providerSummaryReply = Obj({
  status: okStatus,
  items: { type: 'array', items: Obj({ sp_id: int, rating: ratingSchema }) },
});
