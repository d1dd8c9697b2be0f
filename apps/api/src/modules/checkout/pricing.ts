import { formatKobo } from '@sf/shared';

/**
 * The money of a checkout, in whole kobo, with no database: the cart page's summary, the
 * quote and the orders themselves come from this one function, so they always agree.
 * Per store: total = subtotal − discount + delivery fee, and the checkout's totals are the
 * sums of the stores' (exactly; no rounding happens after a split).
 */

export interface PriceLine {
  productId: number;
  storeId: number;
  name: string;
  unitPriceKobo: number;
  quantity: number;
}

export interface PriceStore {
  id: number;
  name: string;
  stateId: number;
  deliveryFeeInStateKobo: number;
  deliveryFeeOtherStatesKobo: number;
}

export type Fulfilment = { kind: 'pickup' } | { kind: 'delivery'; stateId: number };

export interface PriceCoupon {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: 1..100; fixed: kobo */
  value: number;
  minOrderKobo: number;
  storeId: number | null;
}

export interface StoreTotals {
  storeId: number;
  storeName: string;
  lines: (PriceLine & { lineTotalKobo: number })[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  commissionKobo: number;
  discountBorneBy: 'platform' | 'store' | null;
}

export interface Totals {
  stores: StoreTotals[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  /** Why the coupon gave nothing (shown beside the coupon box); null when it applied or none. */
  couponProblem: string | null;
}

/** The coupon's discount on a base amount of goods (never more than the base). */
export function discountOn(c: PriceCoupon, baseKobo: number): number {
  if (baseKobo <= 0) return 0;
  const d = c.kind === 'percent' ? Math.floor((baseKobo * c.value) / 100) : c.value;
  return Math.min(d, baseKobo);
}

/**
 * Splits `amount` over parts in proportion to their weights, in whole kobo, so that the shares
 * sum to `amount` exactly: floors first, then one kobo each to the largest remainders.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (total <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (amount * w) / total);
  const shares = raw.map(Math.floor);
  let left = amount - shares.reduce((a, s) => a + s, 0);
  const order = raw
    .map((r, i) => ({ i, frac: r - Math.floor(r) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}

export function priceCheckout(input: {
  lines: PriceLine[];
  stores: Map<number, PriceStore>;
  fulfilment: Fulfilment | null;
  coupon: PriceCoupon | null;
  commissionRate: number;
}): Totals {
  const byStore = new Map<number, PriceLine[]>();
  for (const l of input.lines) {
    if (!byStore.has(l.storeId)) byStore.set(l.storeId, []);
    byStore.get(l.storeId)!.push(l);
  }
  const groups: StoreTotals[] = [...byStore.entries()]
    .sort(([a], [b]) => a - b)
    .map(([storeId, lines]) => {
      const store = input.stores.get(storeId)!;
      const priced = lines.map((l) => ({ ...l, lineTotalKobo: l.unitPriceKobo * l.quantity }));
      const subtotalKobo = priced.reduce((a, l) => a + l.lineTotalKobo, 0);
      const f = input.fulfilment;
      const deliveryFeeKobo =
        !f || f.kind === 'pickup'
          ? 0
          : f.stateId === store.stateId
            ? store.deliveryFeeInStateKobo
            : store.deliveryFeeOtherStatesKobo;
      return {
        storeId,
        storeName: store.name,
        lines: priced,
        subtotalKobo,
        discountKobo: 0,
        deliveryFeeKobo,
        totalKobo: 0,
        commissionKobo: 0,
        discountBorneBy: null,
      };
    });

  let couponProblem: string | null = null;
  const c = input.coupon;
  if (c) {
    const targets = c.storeId === null ? groups : groups.filter((g) => g.storeId === c.storeId);
    const base = targets.reduce((a, g) => a + g.subtotalKobo, 0);
    if (targets.length === 0) {
      couponProblem = `Coupon ${c.code} is for another store's parts only`;
    } else if (base < c.minOrderKobo) {
      couponProblem = `Coupon ${c.code} needs an order of at least ${formatKobo(c.minOrderKobo)} (yours is ${formatKobo(base)})`;
    } else {
      const d = discountOn(c, base);
      const shares = allocate(
        d,
        targets.map((g) => g.subtotalKobo),
      );
      targets.forEach((g, i) => {
        g.discountKobo = shares[i];
        g.discountBorneBy = shares[i] > 0 ? (c.storeId === null ? 'platform' : 'store') : null;
      });
    }
  }
  for (const g of groups) {
    g.totalKobo = g.subtotalKobo - g.discountKobo + g.deliveryFeeKobo;
    // Commission is on what the store sells the goods for: a store's own coupon lowers it,
    // a platform coupon (paid by the platform) does not.
    const goods = g.subtotalKobo - (g.discountBorneBy === 'store' ? g.discountKobo : 0);
    g.commissionKobo = Math.round(goods * input.commissionRate);
  }
  const sum = (k: 'subtotalKobo' | 'discountKobo' | 'deliveryFeeKobo' | 'totalKobo') =>
    groups.reduce((a, g) => a + g[k], 0);
  return {
    stores: groups,
    subtotalKobo: sum('subtotalKobo'),
    discountKobo: sum('discountKobo'),
    deliveryFeeKobo: sum('deliveryFeeKobo'),
    totalKobo: sum('totalKobo'),
    couponProblem,
  };
}
