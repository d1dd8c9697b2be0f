import { PRODUCT_IMAGES_MAX, STORE_FIGURE_DAYS } from '@sf/shared';
import { Id, Int, Kobo, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

// Inputs and answers of a seller's own store: its details, its figures, its products.

/** The most of one part a store may hold (a typing slip beyond it). */
export const MAX_STOCK = 100_000;
/** The longest text of each product field (the form's schema and the CSV import both hold to it). */
export const PRODUCT_TEXT_MAX = {
  sku: 64,
  name: 120,
  title: 160,
  description: 5000,
  partNumber: 60,
} as const;
/** How the product list can be sorted. */
export const SORT_NAMES = ['newest', 'oldest', 'name', 'price_asc', 'price_desc', 'stock'] as const;

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const ok = okStatus;
const nStr = nullable(str);
const nInt = nullable(int);
const nNum = nullable({ type: 'number' });

export const storeIdQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { storeId: Id({ description: 'One of my stores (default: my first)' }) },
} as const;

// ---- Store details ----

export const storeBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: Text({ maxLength: 80, description: 'Store name' }),
    urlName: Text({
      maxLength: 60,
      description: 'The name in the store page address, /store/{urlName}',
    }),
    phones: {
      type: 'array',
      maxItems: 3,
      items: Text({ maxLength: 20 }),
      description: 'Phone numbers buyers can call, as the seller writes them',
    },
    stateId: Id({ description: 'State (lookups)' }),
    cityId: Id({ description: 'City of that state (lookups)' }),
    address: Text({ maxLength: 200 }),
    deliveryFeeInStateKobo: Kobo({ description: 'Delivery fee within the store’s state' }),
    deliveryFeeOtherStatesKobo: Kobo({ description: 'Delivery fee to other states' }),
    storeId: Id({ description: 'One of my stores (default: my first)' }),
  },
} as const;

export const storeProfile = Obj({
  id: int,
  name: str,
  urlName: str,
  url: str,
  logo: str,
  phones: { type: 'array', items: str },
  stateId: int,
  state: str,
  cityId: int,
  city: str,
  address: str,
  deliveryFeeInStateKobo: int,
  deliveryFeeOtherStatesKobo: int,
  verified: bool,
  createdAt: str,
});

export const profileReply = Obj({
  status: ok,
  store: nullable(storeProfile),
  /** For a seller without a store: the business name given at registration. */
  suggestion: nullable(Obj({ name: str, urlName: str })),
});

export const profileSaved = Obj({ status: ok, message: str, store: storeProfile });

// ---- Figures ----

export const dashboardQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    days: {
      type: 'integer',
      enum: [...STORE_FIGURE_DAYS],
      default: 30,
      description: 'The period: the last 7, 30 or 90 days (Lagos days, today included)',
    },
    storeId: Id(),
  },
} as const;

const figures = Obj({
  views: int,
  orders: int,
  revenueKobo: int,
  /** Orders per 100 product views; null without views. */
  conversionPct: nNum,
});

export const dashboardReply = Obj({
  status: ok,
  storeId: int,
  days: int,
  from: str,
  to: str,
  totals: figures,
  /** The same figures for the period just before. */
  previous: figures,
  series: {
    type: 'array',
    items: Obj({ date: str, views: int, orders: int, revenueKobo: int }),
  },
  topProducts: {
    type: 'array',
    items: Obj({ id: int, name: str, url: str, units: int, revenueKobo: int, views: int }),
  },
  lowStock: {
    type: 'array',
    items: Obj({ id: int, name: str, stock: int, priceKobo: int, editUrl: str }),
  },
  lowStockAt: int,
  products: Obj({ total: int, active: int, inactive: int, outOfStock: int, lowStock: int }),
});

// ---- Products ----

export const productListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: Text({
      maxLength: 100,
      description: 'Words of the name or title, a part number, or (part of) the SKU',
    }),
    catId: Id({ description: 'Category (a top category includes its children)' }),
    status: { type: 'string', enum: ['active', 'inactive'] },
    stock: {
      type: 'string',
      enum: ['out', 'low'],
      description: 'out: none left; low: a few left (the low-stock level or fewer)',
    },
    sort: { type: 'string', enum: [...SORT_NAMES], default: 'newest' },
    lastId: Text({
      maxLength: 300,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Cursor from the previous page',
    }),
    pagesize: Int({ minimum: 1, maximum: 50, default: 50 }),
    storeId: Id(),
  },
} as const;

const counts = Obj({ total: int, active: int, inactive: int, outOfStock: int, lowStock: int });

export const productListItem = Obj({
  id: int,
  name: str,
  partNumber: nStr,
  /** The store's own code for the part (its stock list's), when it has one. */
  sku: nStr,
  category: Obj({ id: int, name: str }),
  priceKobo: int,
  salesKobo: nInt,
  stock: int,
  active: bool,
  heldReason: nStr,
  condition: int,
  image: nStr,
  url: str,
  editUrl: str,
  views30d: int,
  createdAt: str,
});

export const productListReply = Obj({
  status: ok,
  storeId: int,
  items: { type: 'array', items: productListItem },
  lastId: nStr,
  hasMore: bool,
  counts,
});

const fitment = {
  type: 'object',
  additionalProperties: false,
  required: ['makeId', 'yearFrom', 'yearTo'],
  properties: {
    makeId: Id(),
    modelId: nullable(Id({ description: 'null: every model of the make' })),
    yearFrom: Int({ minimum: 1970, maximum: 2100 }),
    yearTo: Int({ minimum: 1970, maximum: 2100 }),
  },
} as const;

const productFields = {
  name: Text({ maxLength: PRODUCT_TEXT_MAX.name }),
  title: Text({ maxLength: PRODUCT_TEXT_MAX.title }),
  description: Text({ maxLength: PRODUCT_TEXT_MAX.description, multiline: true }),
  catId: Id({ description: 'A category without children (the kind of part)' }),
  condition: { type: 'integer', enum: [1, 2], description: '1 New, 2 Used (Tokunbo)' },
  priceKobo: Kobo(),
  salesKobo: nullable(Kobo({ description: 'Sale price below the price; null: not on sale' })),
  stock: Int({ maximum: MAX_STOCK }),
  partNumber: nullable(Text({ maxLength: PRODUCT_TEXT_MAX.partNumber })),
  sku: nullable(
    Text({
      maxLength: PRODUCT_TEXT_MAX.sku,
      description:
        'My own code for the part, unique in my store (a CSV import with this SKU updates the product)',
    }),
  ),
  active: { type: 'boolean', description: 'false: hidden from buyers' },
  fitments: {
    type: 'array',
    maxItems: 30,
    items: fitment,
    description: 'The cars it fits (make, model or null for all, year range); replaces all rows',
  },
} as const;

export const productCreateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'catId', 'condition', 'priceKobo', 'stock'],
  properties: { ...productFields, storeId: Id() },
} as const;

export const productUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: productFields,
} as const;

export const productDetail = Obj({
  id: int,
  storeId: int,
  name: str,
  title: str,
  description: str,
  partNumber: nStr,
  sku: nStr,
  catId: int,
  category: Obj({
    id: int,
    name: str,
    parent: nullable(Obj({ id: int, name: str })),
  }),
  condition: int,
  priceKobo: int,
  salesKobo: nInt,
  stock: int,
  active: bool,
  heldReason: nStr,
  url: str,
  views30d: int,
  createdAt: str,
  fitments: {
    type: 'array',
    items: Obj({
      makeId: int,
      make: str,
      modelId: nInt,
      model: nStr,
      yearFrom: int,
      yearTo: int,
    }),
  },
  images: { type: 'array', items: Obj({ key: str, src: str, width: int, height: int }) },
});

export const productReply = Obj({ status: ok, item: productDetail });
export const productSaved = Obj({ status: ok, message: str, item: productDetail });

/** The category picker: top categories, each with the kinds of part under it. */
export const categoryTreeReply = Obj({
  status: okStatus,
  items: {
    type: 'array',
    items: Obj({
      id: int,
      name: str,
      children: { type: 'array', items: Obj({ id: int, name: str }) },
    }),
  },
});

// ---- Pictures and logo (images.ts, logo.ts; the upload pipeline of lib/uploads.ts) ----

/** A product's pictures in order (the first is the one lists show). */
export const productImagesReply = Obj({
  status: ok,
  max: { ...int, description: 'The most pictures a product may have' },
  images: {
    type: 'array',
    items: Obj({
      key: { ...str, description: 'Names the picture in delete and reorder' },
      src: str,
      srcset: str,
      width: int,
      height: int,
    }),
  },
});

export const imageKeyParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key'],
  properties: {
    id: Id(),
    key: Text({ maxLength: 40, pattern: '^[a-z0-9-]{1,40}$' }),
  },
} as const;

export const imageOrderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['order'],
  properties: {
    order: {
      type: 'array',
      maxItems: PRODUCT_IMAGES_MAX,
      items: Text({ maxLength: 40, pattern: '^[a-z0-9-]{1,40}$' }),
      description: 'Every picture key of the product, in the order wanted',
    },
  },
} as const;

/** The store's logo URL after a change (its drawn initials tile when it has none of its own). */
export const storeLogoReply = Obj({ status: ok, logo: str });
