import type { AuthUser } from '@sf/api/types';
import { GUEST_TELEPHONE } from '@sf/shared';
import { serverApi } from './api.server.ts';
import { apiGet, signedIn } from './signed-in.server.ts';
import { intField } from './form-values.ts';
import { readFitChoice } from './fit.ts';
import { loadFit } from './fit.server.ts';
import type { CheckoutValues } from './checkout.ts';

// The checkout page's server side (routes/shopping/checkout.tsx): reading its form, asking the
// API for a quote and a state's cities, and the fit check before an order is placed.

export type Option = { label: string; value: number };

/** The form as first shown: delivery, paid with Paystack, the account's phone (not the guest placeholder). */
export function firstValues(user: AuthUser | null): CheckoutValues {
  const tel = user?.tel ?? '';
  return {
    fulfilment: 'delivery',
    stateId: '',
    cityId: '',
    street: '',
    phone: tel && tel !== GUEST_TELEPHONE ? tel : '',
    couponCode: '',
    paymentMethod: 'paystack',
  };
}

export function valuesOf(form: FormData): CheckoutValues {
  const s = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    fulfilment: s('fulfilment') === 'pickup' ? 'pickup' : 'delivery',
    stateId: s('stateId'),
    cityId: s('cityId'),
    street: s('street'),
    phone: s('phone'),
    couponCode: s('couponCode').toUpperCase(),
    paymentMethod: s('paymentMethod') === 'pay_on_delivery' ? 'pay_on_delivery' : 'paystack',
  };
}

/** What POST /api/checkout is sent: the address only for a delivery. */
export function orderBody(v: CheckoutValues) {
  return {
    fulfilment: v.fulfilment,
    phone: v.phone,
    paymentMethod: v.paymentMethod,
    ...(v.couponCode ? { couponCode: v.couponCode } : {}),
    ...(v.fulfilment === 'delivery'
      ? {
          ...(intField(v.stateId) ? { stateId: intField(v.stateId) } : {}),
          ...(intField(v.cityId) ? { cityId: intField(v.cityId) } : {}),
          street: v.street,
        }
      : {}),
  };
}

export async function quoteFor(context: unknown, request: Request, v: CheckoutValues) {
  const ans = await serverApi(context).post('/api/checkout/quote', {
    fulfilment: v.fulfilment,
    ...(intField(v.stateId) ? { stateId: intField(v.stateId) } : {}),
    ...(v.couponCode ? { couponCode: v.couponCode } : {}),
  });
  return signedIn(request, ans);
}

export async function citiesOf(context: unknown, stateId: string): Promise<Option[]> {
  const id = intField(stateId);
  if (!id) return [];
  const ans = await serverApi(context).get(`/api/database/cities/${id}`);
  return ans.status ? ((ans.items ?? []) as Option[]) : [];
}

/**
 * A line that does not fit the car the buyer checks against must be confirmed before payment:
 * the refusal in words, or null when every line fits (or is confirmed, or there is no car).
 */
export async function unconfirmedMisfits(context: unknown, request: Request, form: FormData) {
  if (form.get('fitConfirmed') === '1') return null;
  const api = serverApi(context);
  const cart = await apiGet(request, context, '/api/cart');
  if (!cart.status || !cart.items.length) return null;
  const car = String(form.get('car') ?? '');
  const fit = await loadFit(
    api,
    request,
    cart.items.map((l) => l.productId),
    readFitChoice(new URLSearchParams({ car })).carId,
  );
  const bad = (fit?.items ?? []).filter((i) => i.verdict === 'no');
  if (!fit?.car || !bad.length) return null;
  const names = bad.map((b) => cart.items.find((l) => l.productId === b.prod_id)?.name ?? '');
  return `${names.join(', ')} ${bad.length > 1 ? 'do' : 'does'} not fit your ${fit.car.label}: tick 'Buy it anyway' to confirm, or change your cart.`;
}
