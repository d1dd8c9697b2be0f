import type {
  CategoryTreeAnswer,
  DashboardAnswer,
  ProductListAnswer,
  ProductListItem,
  SellerProduct,
  StoreProfile,
} from '@sf/api/types';
import { STORE_FIGURE_DAYS, YEAR_FROM } from '@sf/shared';
import { toQuery } from './api.ts';

// The seller's pages (/user/store, its products and product form): what they read from the
// API and the form parsing they share with the browser.

export type {
  CategoryTreeAnswer,
  DashboardAnswer,
  ProductListAnswer,
  ProductListItem,
  SellerProduct,
  StoreProfile,
};
export type CategoryTree = CategoryTreeAnswer['items'];
export type FigureDays = (typeof STORE_FIGURE_DAYS)[number];

/** Paystack's codes for the banks most stores use. */
export const BANKS: [string, string][] = [
  ['044', 'Access Bank'],
  ['023', 'Citibank Nigeria'],
  ['050', 'Ecobank Nigeria'],
  ['070', 'Fidelity Bank'],
  ['011', 'First Bank of Nigeria'],
  ['214', 'First City Monument Bank'],
  ['058', 'Guaranty Trust Bank'],
  ['50211', 'Kuda Bank'],
  ['50515', 'Moniepoint MFB'],
  ['999992', 'OPay'],
  ['221', 'Stanbic IBTC Bank'],
  ['232', 'Sterling Bank'],
  ['032', 'Union Bank of Nigeria'],
  ['033', 'United Bank for Africa'],
  ['035', 'Wema Bank'],
  ['057', 'Zenith Bank'],
];

/** The period of the figures in the URL (?days=7|30|90), 30 by default. */
export function figureDays(raw: string | null): FigureDays {
  const n = Number(raw);
  return (STORE_FIGURE_DAYS as readonly number[]).includes(n) ? (n as FigureDays) : 30;
}

/**
 * Naira as a seller types it ('45,000', '₦12 500.50') in kobo; '' is null; anything else
 * (letters, a third decimal, a negative amount) is NaN.
 */
export function nairaToKobo(text: string): number | null {
  const t = text.replace(/[₦,\s]/g, '');
  if (t === '') return null;
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(t)) return NaN;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Kobo as the value of a naira input: 4500000 → '45000', 4500050 → '45000.50'. */
export function koboToInput(kobo: number | null | undefined): string {
  if (kobo === null || kobo === undefined) return '';
  const whole = Math.floor(kobo / 100);
  const frac = kobo % 100;
  return frac ? `${whole}.${String(frac).padStart(2, '0')}` : String(whole);
}

/** 'up 12%' / 'down 3%' / 'no change' / 'new' against the period before. */
export function change(now: number, before: number): string {
  if (now === before) return 'no change';
  if (before === 0) return 'new this period';
  const p = Math.round(((now - before) / before) * 100);
  if (p === 0) return now > before ? 'up a little' : 'down a little';
  return p > 0 ? `up ${p}%` : `down ${-p}%`;
}

/** A date of the figures (YYYY-MM-DD) as people read it: 'Mon 3 Mar'. Built by hand: the
 * server's and the browser's date formats differ in commas, and both render it. */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function dayLabel(date: string, withWeekday = true): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withWeekday ? `${WEEKDAYS[d.getUTCDay()]} ${day}` : day;
}

export interface FigureRow {
  label: string;
  views: number;
  orders: number;
  revenueKobo: number;
}

/**
 * The rows of the figures table: one per day for 7 and 30 days, one per week (7 days ending
 * on the last day, the oldest possibly shorter) for 90, newest first.
 */
export function figureRows(series: DashboardAnswer['series']): FigureRow[] {
  if (series.length <= 31)
    return [...series].reverse().map((d) => ({
      label: dayLabel(d.date),
      views: d.views,
      orders: d.orders,
      revenueKobo: d.revenueKobo,
    }));
  const rows: FigureRow[] = [];
  for (let end = series.length; end > 0; end -= 7) {
    const week = series.slice(Math.max(0, end - 7), end);
    rows.push({
      label: `${dayLabel(week[0].date, false)} – ${dayLabel(week[week.length - 1].date, false)}`,
      views: week.reduce((a, d) => a + d.views, 0),
      orders: week.reduce((a, d) => a + d.orders, 0),
      revenueKobo: week.reduce((a, d) => a + d.revenueKobo, 0),
    });
  }
  return rows;
}

/** Orders per 100 views, as the table shows it. */
export const conversion = (orders: number, views: number) =>
  views > 0 ? `${(Math.round((orders / views) * 10_000) / 100).toFixed(2)}%` : '–';

// ---- The product list ----

export const SORT_LABELS: [string, string][] = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name A–Z'],
  ['price_asc', 'Price: low to high'],
  ['price_desc', 'Price: high to low'],
  ['stock', 'Stock: fewest first'],
];

export interface ProductFilters {
  q: string;
  catId: string;
  status: string;
  stock: string;
  sort: string;
}

/** The list's filters from its URL; values the API would refuse are left out. */
export function readProductFilters(sp: URLSearchParams): ProductFilters {
  const pick = (k: string, allowed: string[]) => {
    const v = sp.get(k) ?? '';
    return allowed.includes(v) ? v : '';
  };
  const cat = sp.get('catId') ?? '';
  return {
    q: (sp.get('q') ?? '').slice(0, 100),
    catId: /^\d{1,9}$/.test(cat) && cat !== '0' ? cat : '',
    status: pick('status', ['active', 'inactive']),
    stock: pick('stock', ['out', 'low']),
    sort: pick(
      'sort',
      SORT_LABELS.map(([v]) => v),
    ),
  };
}

export const productsUrl = (f: Partial<ProductFilters>, lastId?: string | null) =>
  `/user/store/products${toQuery({ ...f, lastId })}`;

// ---- The product form ----

export interface FitmentDraft {
  makeId: string;
  modelId: string;
  yearFrom: string;
  yearTo: string;
}

/** What the product form holds: as typed, so a refused form comes back as it was sent. */
export interface ProductDraft {
  name: string;
  title: string;
  description: string;
  partNumber: string;
  catId: string;
  condition: string;
  price: string;
  sales: string;
  stock: string;
  active: boolean;
  fitments: FitmentDraft[];
}

export const EMPTY_FITMENT: FitmentDraft = { makeId: '', modelId: '', yearFrom: '', yearTo: '' };

export function draftOf(p: SellerProduct | null): ProductDraft {
  if (!p)
    return {
      name: '',
      title: '',
      description: '',
      partNumber: '',
      catId: '',
      condition: '1',
      price: '',
      sales: '',
      stock: '1',
      active: true,
      fitments: [],
    };
  return {
    name: p.name,
    title: p.title,
    description: p.description,
    partNumber: p.partNumber ?? '',
    catId: String(p.catId),
    condition: String(p.condition),
    price: koboToInput(p.priceKobo),
    sales: koboToInput(p.salesKobo),
    stock: String(p.stock),
    active: p.active,
    fitments: p.fitments.map((f) => ({
      makeId: String(f.makeId),
      modelId: f.modelId ? String(f.modelId) : '',
      yearFrom: String(f.yearFrom),
      yearTo: String(f.yearTo),
    })),
  };
}

const text = (form: FormData, k: string) => {
  const v = form.get(k);
  return typeof v === 'string' ? v : '';
};
const all = (form: FormData, k: string) =>
  form.getAll(k).map((v) => (typeof v === 'string' ? v : ''));

/** The form as sent: fitment rows are the repeated fit_* fields, in order. */
export function readProductForm(form: FormData): ProductDraft {
  const makes = all(form, 'fit_make');
  const models = all(form, 'fit_model');
  const from = all(form, 'fit_from');
  const to = all(form, 'fit_to');
  const removed = new Set(all(form, 'fit_remove'));
  const fitments: FitmentDraft[] = makes
    .map((makeId, i) => ({
      makeId,
      modelId: models[i] ?? '',
      yearFrom: from[i] ?? '',
      yearTo: to[i] ?? '',
    }))
    .filter((_, i) => !removed.has(String(i)));
  return {
    name: text(form, 'name'),
    title: text(form, 'title'),
    description: text(form, 'description'),
    partNumber: text(form, 'partNumber'),
    catId: text(form, 'catId'),
    condition: text(form, 'condition') || '1',
    price: text(form, 'price'),
    sales: text(form, 'sales'),
    stock: text(form, 'stock'),
    active: form.get('active') !== null,
    fitments,
  };
}

const int = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN);

/**
 * The API body of a product form, or the messages of the fields the page can check itself.
 * A fitment row without a make is an empty row and is left out; `rowOf[i]` is the form row of
 * the body's i-th fitment, to put the API's messages beside the right row.
 */
export function productBody(
  d: ProductDraft,
):
  | { ok: true; body: Record<string, unknown>; rowOf: number[] }
  | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const price = nairaToKobo(d.price);
  const sales = nairaToKobo(d.sales);
  const stock = int(d.stock);
  if (price === null || Number.isNaN(price)) fields.price = 'Enter the price in naira, like 18500';
  if (Number.isNaN(sales)) fields.sales = 'Enter the sale price in naira, or leave it empty';
  if (Number.isNaN(stock)) fields.stock = 'Enter how many you have, like 4';
  if (!/^\d{1,9}$/.test(d.catId)) fields.catId = 'Choose the kind of part';
  const rowOf: number[] = [];
  const fitments: Record<string, unknown>[] = [];
  const top = new Date().getFullYear() + 1;
  d.fitments.forEach((f, i) => {
    if (!f.makeId) return;
    const from = int(f.yearFrom || String(YEAR_FROM));
    const to = int(f.yearTo || String(top));
    if (Number.isNaN(from) || Number.isNaN(to)) {
      fields[`fitments.${i}`] = `Car ${i + 1}: the years are numbers, like 2008 and 2012`;
      return;
    }
    rowOf.push(i);
    fitments.push({
      makeId: int(f.makeId),
      modelId: f.modelId ? int(f.modelId) : null,
      yearFrom: from,
      yearTo: to,
    });
  });
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    rowOf,
    body: {
      name: d.name,
      title: d.title,
      description: d.description,
      partNumber: d.partNumber.trim() || null,
      catId: Number(d.catId),
      condition: d.condition === '2' ? 2 : 1,
      priceKobo: price,
      salesKobo: sales,
      stock,
      active: d.active,
      fitments,
    },
  };
}

/** The API's field names as the form's: priceKobo → price, fitments.1 → the form's row. */
export function formFields(
  api: Record<string, string> | undefined,
  rowOf: number[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const names: Record<string, string> = { priceKobo: 'price', salesKobo: 'sales' };
  for (const [k, v] of Object.entries(api ?? {})) {
    const m = /^fitments\.(\d+)/.exec(k);
    if (m) {
      const row = rowOf[Number(m[1])] ?? Number(m[1]);
      out[`fitments.${row}`] = v.replace(/^Car \d+/, `Car ${row + 1}`);
    } else out[names[k] ?? k] = v;
  }
  return out;
}

/** The account the bank named, waiting for the owner's password to be saved. */
export interface BankCheck {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** What the payout-account form answers when it does not move on. */
export interface BankAnswer {
  ok: false;
  intent: 'bank-check' | 'bank';
  message: string;
  check?: BankCheck;
  fields?: Record<string, string>;
}

/** A payout's state in the owner's words (see the payouts section of docs/commerce-api.md). */
export function payoutStatusText(p: { status: string; outcomeUnknown: boolean }): string {
  if (p.status === 'pending')
    return p.outcomeUnknown ? 'being checked with Paystack' : 'on its way to your bank';
  if (p.status === 'otp') return 'awaiting OTP (SpareFinder NG staff complete it)';
  if (p.status === 'success') return 'paid';
  if (p.status === 'failed') return 'failed: back in your balance';
  if (p.status === 'reversed') return 'reversed by the bank: back in your balance';
  return p.status;
}
