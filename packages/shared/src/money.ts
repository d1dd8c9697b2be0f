const NAIRA = '\u20A6';

/**
 * The largest amount taken anywhere, in kobo (₦500,000,000): a price, a fee, a plan, a coupon, an
 * offer, a refund. Columns are bigint; the bound keeps every sum the app makes exact in a
 * JavaScript number (the largest cart, 100 lines of 999 at this price, is 4.995e15 kobo, below
 * 2^53). Inputs check it through one schema piece (`Kobo` in the API).
 */
export const MAX_KOBO = 50_000_000_000;

/**
 * Digits grouped by threes ('1,234,567.5'), by hand rather than with Intl.NumberFormat: the first
 * Intl formatter a page makes loads the browser's ICU data, 35-75 ms of main thread on a slow
 * phone before the first price can show (every price on a page hydrates through here). Rounded as
 * Intl rounds: the number's shortest decimal form (String(n): 0.015, not the double's exact
 * 0.01499…), half away from zero; money.test.ts compares the two on random values.
 */
export function groupDigits(n: number, fraction: 'none' | 'kobo' | 'upToKobo' = 'none'): string {
  if (!Number.isFinite(n)) return String(n);
  const places = fraction === 'none' ? 0 : 2;
  const [whole, part] = roundDecimal(Math.abs(n), places);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const shown = fraction === 'upToKobo' ? part.replace(/0+$/, '') : part;
  const zero = /^0*$/.test(whole + part);
  return `${n < 0 && !zero ? '-' : ''}${grouped}${shown ? `.${shown}` : ''}`;
}

/** x ≥ 0 rounded half up to `places` decimals, from its shortest decimal form: [whole, fraction digits]. */
function roundDecimal(x: number, places: number): [string, string] {
  const text = String(x);
  // Exponent forms (below 1e-6, from 1e21) are beyond any amount shown; toFixed is exact enough there.
  if (text.includes('e')) {
    const [w, f = ''] = x.toFixed(places).split('.');
    return [w, f];
  }
  const [w, f = ''] = text.split('.');
  if (f.length <= places) return [w, f.padEnd(places, '0')];
  let digits = w + f.slice(0, places);
  if (f[places] >= '5') {
    // Add one to the last kept digit, carrying leftwards.
    const d = digits.split('');
    let i = d.length - 1;
    while (i >= 0 && d[i] === '9') d[i--] = '0';
    if (i < 0) d.unshift('1');
    else d[i] = String(Number(d[i]) + 1);
    digits = d.join('');
  }
  const cut = digits.length - places;
  return [digits.slice(0, cut).replace(/^0+(?=\d)/, ''), digits.slice(cut)];
}

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
  return `${n < 0 ? '-' : ''}${NAIRA}${groupDigits(Math.abs(n), 'kobo')}`;
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
    if (abs >= size) return `${sign}${NAIRA}${groupDigits(abs / size, 'upToKobo')}${unit}`;
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
