import type { Option } from '@sf/shared';
import type { PartsList, PartsListItem, ProductDetail } from '@sf/api/types';
import { CONDITION, CONDITION_LABELS, PAGE_SIZE, YEAR_FROM } from '@sf/shared';
import { toQuery } from './api.ts';
import type { FitItem } from './fit.ts';
import type { CardRating } from './reviews.ts';

// The catalogue's answers are typed from the API's response schemas (docs/contracts.md).
export type { Category, ProductDetail, StoreDetail } from '@sf/api/types';
/** A product card: what the list pages keep of a list item (no descriptions). */
export type ProductItem = Pick<
  PartsListItem,
  'prod_id' | 'id' | 'name' | 'url' | 'price' | 'condition' | 'image' | 'store'
> & {
  fit?: PartsListItem['fit'];
  /** Whether it fits the signed-in buyer's chosen car (GET /api/fit); absent for guests. */
  myFit?: FitItem | null;
  /** Verified buyers' ratings of the part and its store (GET /api/reviews/summary). */
  rating?: CardRating | null;
};
export type ProductImage = NonNullable<PartsListItem['image']>;
export type Fitment = ProductDetail['fitment'][number];
/** A page of product cards; `lastId` is an opaque cursor: pass it back unchanged. */
export type ProductPage = Pick<PartsList, 'count' | 'lastId' | 'hasMore'> & {
  items: ProductItem[];
};

/** The parts filters (query names are API contracts), in the order the panel shows them. */
export const PARTS_FILTERS = [
  'regionId',
  'city',
  'partcategory',
  'carmake',
  'carmodel',
  'caryear',
  'condition',
  'prodName',
] as const;
export type PartsFilter = (typeof PARTS_FILTERS)[number];
export type PartsFilters = Partial<Record<PartsFilter, string>>;

const NUMERIC = new Set<PartsFilter>([
  'regionId',
  'city',
  'partcategory',
  'carmake',
  'carmodel',
  'caryear',
  'condition',
]);

/** The filters in a URL: numeric ones must be positive integers, text is trimmed and capped. */
export function readFilters(params: URLSearchParams): PartsFilters {
  const out: PartsFilters = {};
  for (const k of PARTS_FILTERS) {
    const v = (params.get(k) ?? '').trim();
    if (!v) continue;
    if (NUMERIC.has(k)) {
      const n = Number(v);
      if (!/^\d{1,9}$/.test(v) || n <= 0) continue;
      // Values the API would refuse are dropped here, so a stale link still shows a list.
      if (k === 'caryear' && (n < YEAR_FROM || n > new Date().getFullYear() + 1)) continue;
      if (k === 'condition' && n !== 1 && n !== 2) continue;
      out[k] = v;
    } else out[k] = v.slice(0, 100);
  }
  return out;
}

export const hasFilters = (f: PartsFilters) => Object.values(f).some(Boolean);

/** The list call of a category (0 = all) for these filters, from `lastId` on. */
export function listPath(
  catId: number | string,
  filters: PartsFilters & { store?: string; near?: string; nearCity?: string },
  lastId?: string | null,
) {
  const active = hasFilters(filters) ? 'true' : '';
  return `/api/products/categories/${catId}/${toQuery({ ...filters, active, pagesize: PAGE_SIZE, lastId: lastId ?? '' })}`;
}

/** A cursor from the URL: digits, or "<score>:<prod_id>" for ranked searches. */
export function readCursor(params: URLSearchParams): string | null {
  const v = params.get('lastId') ?? '';
  return /^-?[\d.]{1,24}(:\d{1,12})?$/.test(v) ? v : null;
}

/** A page of products from the list answer (never throws; an error comes back as `error`). */
export function toProductPage(ans: {
  status: boolean;
  items?: unknown[];
  message?: string;
  [k: string]: unknown;
}): ProductPage & { error: string | null } {
  if (!ans.status)
    return {
      items: [],
      count: 0,
      lastId: null,
      hasMore: false,
      error: ans.message ?? 'We could not load the parts.',
    };
  // Only what a card shows travels on to the page (no descriptions): lighter HTML and data.
  const items = ((ans.items ?? []) as ProductItem[]).map(
    ({ prod_id, id, name, url, price, condition, image, store, fit }) => ({
      fit: fit ?? null,
      prod_id,
      id,
      name,
      url,
      price,
      condition,
      image,
      store: {
        name: store.name,
        url_name: store.url_name,
        city: store.city,
        state: store.state,
        verified: store.verified,
      },
    }),
  );
  const raw = ans.lastId ?? items.at(-1)?.prod_id ?? null;
  const lastId = raw === null ? null : String(raw);
  const hasMore = typeof ans.hasMore === 'boolean' ? ans.hasMore : items.length >= PAGE_SIZE;
  return { items, count: Number(ans.count ?? items.length), lastId, hasMore, error: null };
}

export const productHref = (p: { id: number | string; url?: string | null }) =>
  p.url && p.url.startsWith('/') ? p.url : `/product/${p.id}`;

export const conditionLabel = (c: number | null | undefined) =>
  (c != null && CONDITION_LABELS[c]) || null;

export const CONDITION_OPTIONS: Option<number>[] = Object.values(CONDITION).map((value) => ({
  label: CONDITION_LABELS[value],
  value,
}));

/** "2010–2015", "2010 on", "up to 2015" or "All years". */
export function yearRange(f: { year_from?: number | null; year_to?: number | null }) {
  const a = f.year_from ?? null;
  const b = f.year_to ?? null;
  if (a && b) return a === b ? String(a) : `${a}–${b}`;
  if (a) return `${a} on`;
  if (b) return `up to ${b}`;
  return 'All years';
}

export interface FilterOptions {
  states: Option<number>[];
  cities: Option<number>[];
  categories: Option<number>[];
  makes: Option<number>[];
  models: Option<number>[];
  years: Option<number>[];
}
