import type { AdminPlanItem, CouponView } from '@sf/api/types';
import { formStatus, serverApi, throwUnlessOk } from './api.server.ts';
import { nairaToKobo } from './seller.ts';

// Staff's coupons and subscription plans: loaders and the forms' actions.

export async function loadCoupons(context: unknown) {
  const ans = await serverApi(context).get<CouponView>('/api/admin/coupons');
  throwUnlessOk(ans, { what: 'Coupons' });
  return ans.items ?? [];
}

export async function loadPlans(context: unknown) {
  const ans = await serverApi(context).get<AdminPlanItem>('/api/admin/plans');
  throwUnlessOk(ans, { what: 'Plans' });
  return ans.items ?? [];
}

type Result = { ok: boolean; message: string; status: number };
const text = (f: FormData, k: string) => String(f.get(k) ?? '').trim();
const refused = (message: string): Result => ({ ok: false, message, status: 400 });
const answer = (
  ans: { status: boolean; message?: string; httpStatus: number; code?: unknown },
  done: string,
): Result => ({
  ok: ans.status,
  message: ans.status ? done : (ans.message ?? 'That did not work: please try again'),
  status: ans.status ? 200 : formStatus(ans as never),
});

/** A date field (yyyy-mm-dd) as the end of that day in Lagos; empty: no expiry. */
function expiry(v: string): string | null | undefined {
  if (!v) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T23:59:59+01:00`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
const whole = (v: string) => (/^\d{1,8}$/.test(v) ? Number(v) : undefined);

export async function couponAction(context: unknown, f: FormData): Promise<Result> {
  const api = serverApi(context);
  const intent = text(f, 'intent');
  const limit = (k: string) => (text(f, k) ? whole(text(f, k)) : null);
  const usageLimit = limit('usageLimit');
  if (usageLimit === undefined || usageLimit === 0)
    return refused('The usage limit is a whole number from 1, or empty for no limit');
  const perAccountLimit = limit('perAccountLimit');
  const perPhoneLimit = limit('perPhoneLimit');
  if (perAccountLimit === undefined || perAccountLimit === 0)
    return refused('Uses per account is a whole number from 1, or empty for no limit');
  if (perPhoneLimit === undefined || perPhoneLimit === 0)
    return refused('Uses per phone number is a whole number from 1, or empty for no limit');
  const expiresAt = expiry(text(f, 'expiresAt'));
  if (expiresAt === undefined) return refused('Pick the expiry date from the calendar');
  const minOrder = nairaToKobo(text(f, 'minOrder'));
  if (minOrder !== null && Number.isNaN(minOrder))
    return refused('The minimum order is an amount in naira, e.g. 10000');
  if (intent === 'create') {
    const kind = text(f, 'kind') === 'fixed' ? 'fixed' : 'percent';
    const raw = text(f, 'value');
    const value = kind === 'fixed' ? nairaToKobo(raw) : whole(raw);
    if (!value || Number.isNaN(value))
      return refused(kind === 'fixed' ? 'Enter the discount in naira' : 'Enter the percentage');
    const ans = await api.post('/api/admin/coupons', {
      code: text(f, 'code'),
      kind,
      value,
      usageLimit,
      perAccountLimit,
      perPhoneLimit,
      expiresAt,
      minOrderKobo: minOrder ?? 0,
      description: text(f, 'description'),
    });
    return answer(ans, `Coupon ${text(f, 'code').toUpperCase()} created`);
  }
  const id = text(f, 'id');
  if (!/^\d{1,9}$/.test(id)) return refused('Unknown coupon');
  const body =
    intent === 'toggle'
      ? { active: text(f, 'active') === 'true' }
      : intent === 'update'
        ? {
            usageLimit,
            perAccountLimit,
            perPhoneLimit,
            expiresAt,
            ...(minOrder === null ? {} : { minOrderKobo: minOrder }),
          }
        : null;
  if (!body) return refused('Unknown action');
  return answer(await api.patch(`/api/admin/coupons/${id}`, body), 'Coupon saved');
}

export async function planAction(context: unknown, f: FormData): Promise<Result> {
  const id = text(f, 'id');
  if (!/^\d{1,9}$/.test(id)) return refused('Unknown plan');
  const price = nairaToKobo(text(f, 'price'));
  const itemLimit = whole(text(f, 'itemLimit'));
  const rankBoost = whole(text(f, 'rankBoost'));
  if (price === null || Number.isNaN(price))
    return refused('The price is an amount in naira, e.g. 5000');
  if (itemLimit === undefined) return refused('The limit is a whole number');
  if (rankBoost === undefined) return refused('The boost is a whole number');
  const ans = await serverApi(context).patch(`/api/admin/plans/${id}`, {
    name: text(f, 'name'),
    priceKobo: price,
    itemLimit,
    rankBoost,
    note: text(f, 'note') || undefined,
  });
  return answer(ans, `${text(f, 'name')} plan saved`);
}
