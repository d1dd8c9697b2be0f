import { Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const planItem = Obj({
  code: str,
  name: str,
  priceKobo: { ...int, description: 'A month (30 days), in kobo; 0 for Free' },
  itemLimit: {
    ...int,
    description: 'Products per store; for a mechanic or tow van always 1 (one listing per account)',
  },
  limitText: { ...str, description: "The limit in words: '50 products per store', '1 workshop'" },
  rankBoost: {
    ...int,
    description:
      'Provider placement: above lower boosts at the same distance from the buyer (0 for Free); marked Promoted in lists. Parts lists ignore it',
  },
  action: {
    type: 'string',
    enum: ['current', 'renew', 'upgrade', 'downgrade', 'none'],
    description:
      'What paying for it does: upgrade starts now, renew adds a period, downgrade starts when the current period ends',
  },
  startsAt: nullable({ ...str, format: 'date-time', description: 'If paid now: when it starts' }),
  endsAt: nullable({ ...str, format: 'date-time', description: 'If paid now: when it ends' }),
  extraDays: {
    ...int,
    description:
      "An upgrade's days beyond 30, for the days left on the running cheaper plan (rounded up)",
  },
  terms: nullable({
    ...str,
    description:
      "What paying does, in words, before payment: 'You pay ₦15,000.00 now. Premium starts at once and runs until …'",
  }),
});

export const subscriptionReply = Obj({
  status: okStatus,
  page: { type: 'string', enum: ['store', 'workshop', 'garage'] },
  current: planItem,
  periodEnd: nullable({ ...str, format: 'date-time', description: 'When the paid plan ends' }),
  next: nullable(planItem),
  used: { ...int, description: 'Products in my store, or listings I run' },
  plans: { type: 'array', items: planItem },
  payments: { type: 'string', enum: ['off', 'test', 'live'] },
});

export const upgradeBody = {
  type: 'object',
  required: ['plan'],
  properties: { plan: Text({ maxLength: 20, minLength: 1, description: 'basic or premium' }) },
} as const;

export const upgradeReply = Obj({
  status: okStatus,
  authorizationUrl: { ...str, description: 'The Paystack page' },
  reference: str,
});

/** A plan as staff edit it (GET /api/admin/plans). */
export const adminPlanItem = Obj({
  id: int,
  audience: { type: 'string', enum: ['store', 'provider'] },
  code: str,
  name: str,
  priceKobo: int,
  itemLimit: int,
  rankBoost: int,
  subscribers: { ...int, description: 'Users on this paid plan now' },
});
