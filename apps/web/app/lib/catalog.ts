import type { Option, PriceData } from '@sf/shared';
import { PAGE_SIZE, YEAR_FROM } from '@sf/shared';
import { toQuery } from './api.ts';

/** Shapes of the catalogue calls (docs/contracts.md). Kept loose where the web does not care. */
export interface ProductImage {
  src: string;
  srcset?: string | null;
  width: number;
  height: number;
  placeholder?: string | null;
  alt?: string | null;
}
export interface StoreSummary {
  name: string;
  url_name: string;
  city?: string | null;
  state?: string | null;
  verified?: boolean;
  logo?: string | null;
}
export interface ProductItem {
  prod_id: number;
  id: number | string;
  name: string;
  title?: string | null;
  description?: string | null;
  url?: string | null;
  price: PriceData;
  condition?: number | null;
  image?: ProductImage | null;
  store?: StoreSummary | null;
}
export interface ProductPage {
  items: ProductItem[];
  count: number;
  /** An opaque cursor: pass it back unchanged (docs/contracts.md). */
  lastId: string | null;
  hasMore: boolean;
}
export interface Fitment {
  make_id?: number | null;
  model_id?: number | null;
  make: string;
  model?: string | null;
  year_from?: number | null;
  year_to?: number | null;
}
export interface StoreDetail extends StoreSummary {
  id?: number | string;
  phones?: string[];
  product_count?: number;
  phone?: string | null;
  address?: string | null;
  delivery_fee_in_state?: number | null;
  delivery_fee_other_states?: number | null;
  [key: string]: unknown;
}
export interface ProductDetail extends ProductItem {
  stock?: number | null;
  part_number?: string | null;
  images?: ProductImage[];
  fitment?: Fitment[];
  category?: {
    cat_id: number;
    name: string;
    path?: string;
    parent?: { cat_id: number; name: string; path?: string } | null;
  } | null;
  created_at?: string;
  store?: StoreDetail | null;
}

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
  filters: PartsFilters & { store?: string },
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
    ({ prod_id, id, name, url, price, condition, image, store }) => ({
      prod_id,
      id,
      name,
      url,
      price,
      condition,
      image,
      store: store
        ? {
            name: store.name,
            url_name: store.url_name,
            city: store.city,
            state: store.state,
            verified: store.verified,
          }
        : null,
    }),
  );
  const raw = ans.lastId ?? items.at(-1)?.prod_id ?? null;
  const lastId = raw === null ? null : String(raw);
  const hasMore = typeof ans.hasMore === 'boolean' ? ans.hasMore : items.length >= PAGE_SIZE;
  return { items, count: Number(ans.count ?? items.length), lastId, hasMore, error: null };
}

export const productHref = (p: Pick<ProductItem, 'id' | 'url'>) =>
  p.url && p.url.startsWith('/') ? p.url : `/product/${p.id}`;

export const conditionLabel = (c: number | null | undefined) =>
  c === 1 ? 'New' : c === 2 ? 'Used (Tokunbo)' : null;

export const CONDITION_OPTIONS: Option<number>[] = [
  { label: 'New', value: 1 },
  { label: 'Used (Tokunbo)', value: 2 },
];

/** "2010–2015", "2010 on", "up to 2015" or "All years". */
export function yearRange(f: Pick<Fitment, 'year_from' | 'year_to'>) {
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
