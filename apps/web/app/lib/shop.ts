/** What the cart, checkout and orders API answers (amounts in kobo). */
export interface CartLine {
  productId: number;
  name: string;
  url: string;
  image: string | null;
  storeId: number;
  storeName: string;
  quantity: number;
  unitPriceKobo: number;
  lineTotalKobo: number;
  stock: number;
  available: boolean;
  priceChangedFromKobo: number | null;
  problem: string | null;
}
export interface CartStore {
  storeId: number;
  storeName: string;
  storeUrl: string;
  subtotalKobo: number;
  lines: CartLine[];
}
export interface CartView {
  status: true;
  items: CartLine[];
  stores: CartStore[];
  itemCount: number;
  subtotalKobo: number;
  ready: boolean;
}

export type PaymentsMode = 'off' | 'test' | 'live';

export interface QuoteStore {
  storeId: number;
  storeName: string;
  lines: {
    productId: number;
    name: string;
    unitPriceKobo: number;
    quantity: number;
    lineTotalKobo: number;
  }[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
}
export interface Quote {
  status: true;
  stores: QuoteStore[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  couponProblem: string | null;
  coupon: { code: string; kind: 'percent' | 'fixed'; value: number } | null;
  payments?: PaymentsMode;
}

export interface OrderView {
  id: number;
  number: string;
  checkoutId: string;
  status: string;
  statusLabel: string;
  paymentMethod: 'paystack' | 'pay_on_delivery';
  money: string;
  fulfilment: 'delivery' | 'pickup';
  address: { state: string | null; city: string | null; street: string | null } | null;
  phone: string;
  store: { id: number; name: string; url: string | null };
  buyer?: { name: string; phone: string | null };
  items: {
    productId: number;
    name: string;
    url: string;
    unitPriceKobo: number;
    quantity: number;
    lineTotalKobo: number;
  }[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  commissionKobo?: number;
  storeReceivesKobo?: number;
  payment: { reference: string; status: string; payUrl: string | null } | null;
  paidAt: string | null;
  holdUntil: string | null;
  deliveredAt: string | null;
  shippingNote: string | null;
  cancelReason: string | null;
  createdAt: string | null;
  timeline: {
    from: string | null;
    to: string;
    by: string;
    note: string | null;
    at: string | null;
  }[];
  actions: string[];
}

/** A date and time as people in Lagos read it. */
export function when(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));
}

/** A form field as a whole number, or undefined. */
export function intField(v: FormDataEntryValue | null): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return n > 0 && n <= 2147483647 ? n : undefined;
}
