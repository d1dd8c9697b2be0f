import { Obj, nullable, okStatus } from '../../lib/schemas.ts';
import { orderView, paymentsModeSchema } from '../orders/schemas.ts';

// The checkout's answers (amounts in kobo).

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

const totals = {
  subtotalKobo: int,
  discountKobo: int,
  deliveryFeeKobo: int,
  totalKobo: int,
} as const;

/** What the cart of one store costs now. */
export const quoteStore = Obj({
  storeId: int,
  storeName: str,
  lines: {
    type: 'array',
    items: Obj({
      productId: int,
      storeId: int,
      name: str,
      unitPriceKobo: int,
      quantity: int,
      lineTotalKobo: int,
    }),
  },
  ...totals,
});

export const quoteReply = Obj({
  status: okStatus,
  stores: { type: 'array', items: quoteStore },
  ...totals,
  couponProblem: nullable({ ...str, description: 'Why the coupon gives nothing' }),
  payments: paymentsModeSchema,
  coupon: nullable(
    Obj({ code: str, kind: { type: 'string', enum: ['percent', 'fixed'] }, value: int }),
  ),
});

/** The orders a checkout placed (201), or the same ones again for a repeated key (200). */
export const checkoutReply = Obj({
  status: okStatus,
  checkoutId: str,
  replayed: { type: 'boolean', description: 'The Idempotency-Key was used before' },
  orders: { type: 'array', items: orderView },
  totalKobo: int,
  payment: nullable(
    Obj(
      {
        reference: str,
        status: str,
        authorizationUrl: nullable({ ...str, description: 'The Paystack page' }),
        message: { ...str, description: 'Why the Paystack page could not be opened' },
      },
      ['message'],
    ),
  ),
});

export const payReply = Obj({
  status: okStatus,
  authorizationUrl: { ...str, description: 'The Paystack page' },
  reference: str,
});
