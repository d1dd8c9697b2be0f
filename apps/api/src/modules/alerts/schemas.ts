import { Id, Int, Kobo, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';
import { listItemSchema } from '../catalog/schemas.ts';

// Saved searches and price alerts. A saved search takes the parts list's own filters (the same
// query names, docs/contracts.md), so the list's filters are saved as they are.

const id = Id();
const thisYear = new Date().getFullYear();

export const searchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    prodName: Text({ maxLength: 100, description: 'The search words, as typed in the parts list' }),
    partcategory: { ...id, description: 'Category id (a top category includes its children)' },
    carmake: { ...id, description: 'Car make id' },
    carmodel: { ...id, description: 'Car model id' },
    caryear: Int({ minimum: 1970, maximum: thisYear + 1 }),
    regionId: { ...id, description: 'State id' },
    city: { ...id, description: 'City id (of the state)' },
    condition: { type: 'integer', enum: [1, 2], description: '1 New, 2 Used (Tokunbo)' },
  },
} as const;

export const priceBody = {
  type: 'object',
  required: ['productId'],
  additionalProperties: false,
  properties: {
    productId: id,
    targetKobo: {
      ...Kobo({ minimum: 100, description: 'Tell me only below this price (kobo); else any drop' }),
      type: ['integer', 'null'],
    },
  },
} as const;

export const changeBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    paused: { type: 'boolean' },
    targetKobo: {
      ...Kobo({ minimum: 100, description: 'A price alert only; null: any drop' }),
      type: ['integer', 'null'],
    },
  },
} as const;

export const alertIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
  additionalProperties: false,
} as const;

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

/** One saved search or price alert of the signed-in user. */
export const alertItem = Obj({
  id: { type: 'string', format: 'uuid' },
  kind: { type: 'string', enum: ['search', 'price'] },
  /** "headlamp corolla 2010 in Lagos", or the product's name. */
  label: str,
  /** The parts list with the saved filters, or the product's page. */
  link: str,
  paused: { type: 'boolean' },
  createdAt: str,
  /** Parts this alert found in the last 30 days. */
  matches: int,
  lastMatchAt: nullable(str),
  /** A saved search's filters, as the parts list's query (empty for a price alert). */
  filters: {
    type: 'object',
    additionalProperties: str,
    description: 'prodName, partcategory, carmake, carmodel, caryear, regionId, city, condition',
  },
  productId: nullable(int),
  savedPriceKobo: nullable(int),
  targetKobo: nullable(int),
  /** The product's price now; null when it is no longer on sale. */
  currentPriceKobo: nullable(int),
});

export const listReply = Obj({
  status: okStatus,
  items: { type: 'array', items: alertItem },
  limits: Obj({ searches: int, prices: int, noticesPerDay: int }),
});

/** A change: what happened in words, and the alert as it is now (none once deleted). */
export const changeReply = Obj({
  status: okStatus,
  message: str,
  items: { type: 'array', items: alertItem },
});

/** One alert with the parts it found, newest first (at most 50). */
export const matchesReply = Obj({
  status: okStatus,
  item: alertItem,
  items: { type: 'array', items: listItemSchema },
});
