const NAIRA = '\u20A6';

/**
 * The largest amount taken anywhere, in kobo (₦500,000,000): a price, a fee, a plan, a coupon, an
 * offer, a refund. Columns are bigint; the bound keeps every sum the app makes exact in a
 * JavaScript number (the largest cart, 100 lines of 999 at this price, is 4.995e15 kobo, below
 * 2^53). Inputs check it through one schema piece (`Kobo` in the API).
 */
export const MAX_KOBO = 50_000_000_000;
const full = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const short = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** ₦45,000.00; anything that is not a finite number shows ₦0.00. */
export function formatNaira(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return `${NAIRA}0.00`;
  return `${n < 0 ? '-' : ''}${NAIRA}${full.format(Math.abs(n))}`;
}

/** An amount in kobo (what the ledger holds) as naira: 4500000 → ₦45,000.00. */
export const formatKobo = (kobo: number): string => formatNaira(kobo / 100);

/** The same without a zero kobo part, for short texts (titles, alerts): ₦45,000, ₦45,000.50. */
export const formatKoboShort = (kobo: number): string => formatKobo(kobo).replace(/\.00$/, '');

const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** ₦1.5K, ₦2.35M, ₦1B: K, M and B from 1e3, 1e6 and 1e9. */
export function formatNairaCompact(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return `${NAIRA}0.00`;
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${sign}${NAIRA}${short.format(abs / size)}${unit}`;
  }
  return formatNaira(n);
}

export interface PriceData {
  price: number;
  sales: number | null;
}

/** With no sale the sale price is the price and there is no original. */
export function salePrice(p: PriceData): { current: number; original: number | null } {
  if (p.sales === null || p.sales === undefined) return { current: p.price, original: null };
  return { current: p.sales, original: p.price };
}
