import { Obj, nullable, okStatus } from '../../lib/schemas.ts';

// The coupons' answers.

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

export const couponView = Obj({
  id: int,
  code: str,
  kind: { type: 'string', enum: ['percent', 'fixed'] },
  value: { ...int, description: 'percent: 1-100; fixed: kobo' },
  label: { ...str, description: "'10% off', '₦500.00 off'" },
  minOrderKobo: int,
  expiresAt: nullable(str),
  usageLimit: nullable(int),
  usedCount: int,
  perAccountLimit: nullable({ ...int, description: 'Uses per account; null: no limit' }),
  perPhoneLimit: nullable({ ...int, description: 'Uses per phone number; null: no limit' }),
  storeId: nullable({ ...int, description: 'null: every store' }),
  active: { type: 'boolean' },
  description: str,
});

export const couponsReply = Obj({ status: okStatus, items: { type: 'array', items: couponView } });
export const couponReply = Obj({ status: okStatus, coupon: couponView });
