import { Id, Int, Text } from '../../lib/schemas.ts';

export const categorySchema = {
  type: 'object',
  properties: {
    cat_id: { type: 'integer' },
    parent_id: { type: 'integer' },
    name: { type: 'string' },
    image_url: { type: 'string' },
    path: { type: 'string' },
    child_count: { type: 'integer' },
  },
  required: ['cat_id', 'name', 'image_url', 'path'],
} as const;

const id = Id();
const thisYear = new Date().getFullYear();

/**
 * The parts filters (region, city, category, make, model, condition, year, name) plus paging;
 * empty values are dropped before validation.
 */
export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    regionId: { ...id, description: 'State id' },
    city: { ...id, description: 'City id' },
    partcategory: { ...id, description: 'Category id (a top category includes its children)' },
    carmake: { ...id, description: 'Car make id' },
    carmodel: { ...id, description: 'Car model id' },
    caryear: Int({ minimum: 1970, maximum: thisYear + 1 }),
    condition: { type: 'integer', enum: [1, 2], description: '1 New, 2 Used (Tokunbo)' },
    prodName: Text({ maxLength: 100, description: 'Search text' }),
    store: Text({ maxLength: 80, pattern: '^[a-z0-9-]{1,80}$', description: 'Store url_name' }),
    pagesize: Int({ minimum: 1, maximum: 50, default: 50 }),
    count: Int({ minimum: 0, maximum: 10000000, default: 0 }),
    lastId: Text({
      maxLength: 24,
      pattern: '^(-?\\d{1,10}:)?\\d{1,10}$',
      description: 'Cursor from the previous page',
    }),
    active: { type: 'string', enum: ['true', 'false'] },
  },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const listItemSchema = {
  type: 'object',
  properties: {
    prod_id: { type: 'integer' },
    id: { type: 'integer' },
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    url: { type: 'string' },
    price: {
      type: 'object',
      properties: { price: { type: 'number' }, sales: { type: ['number', 'null'] } },
    },
    condition: { type: 'integer' },
    image: {
      type: ['object', 'null'],
      properties: {
        src: { type: 'string' },
        srcset: { type: 'string' },
        width: { type: 'integer' },
        height: { type: 'integer' },
        placeholder: { type: 'string' },
      },
    },
    store: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        url_name: { type: 'string' },
        city: { type: 'string' },
        state: { type: 'string' },
        verified: { type: 'boolean' },
      },
    },
  },
} as const;

export const listReply = {
  type: 'object',
  properties: {
    status: { type: 'boolean' },
    items: { type: 'array', items: listItemSchema },
    count: { type: 'integer' },
    lastId: nullableString,
    hasMore: { type: 'boolean' },
  },
} as const;

export const storeSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    url_name: { type: 'string' },
    logo: { type: 'string' },
    phones: { type: 'array', items: { type: 'string' } },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    state_id: { type: 'integer' },
    city_id: { type: 'integer' },
    verified: { type: 'boolean' },
    delivery_fee_in_state: { type: 'number' },
    delivery_fee_other_states: { type: 'number' },
    product_count: { type: 'integer' },
  },
} as const;

export const storeReply = {
  ...listReply,
  properties: { ...listReply.properties, store: storeSchema },
} as const;

const catRef = {
  type: ['object', 'null'],
  properties: {
    cat_id: { type: 'integer' },
    name: { type: 'string' },
    path: { type: 'string' },
    image_url: { type: 'string' },
  },
} as const;

export const detailReply = {
  type: 'object',
  properties: {
    status: { type: 'boolean' },
    item: {
      type: 'object',
      properties: {
        ...listItemSchema.properties,
        description: { type: 'string' },
        stock: { type: 'integer' },
        part_number: nullableString,
        category: {
          type: 'object',
          properties: {
            cat_id: { type: 'integer' },
            name: { type: 'string' },
            path: { type: 'string' },
            parent: catRef,
          },
        },
        images: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              src: { type: 'string' },
              srcset: { type: 'string' },
              width: { type: 'integer' },
              height: { type: 'integer' },
              placeholder: { type: 'string' },
              sizes: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
        },
        fitment: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              make_id: { type: 'integer' },
              make: { type: 'string' },
              model_id: { type: ['integer', 'null'] },
              model: nullableString,
              year_from: { type: 'integer' },
              year_to: { type: 'integer' },
            },
          },
        },
        store: storeSchema,
        created_at: { type: 'string' },
      },
    },
  },
} as const;

export const categoryReply = {
  type: 'object',
  properties: {
    status: { type: 'boolean' },
    item: {
      type: 'object',
      properties: {
        ...categorySchema.properties,
        parent: catRef,
        children: { type: 'array', items: categorySchema },
      },
    },
  },
} as const;

export const suggestReply = {
  type: 'object',
  properties: {
    status: { type: 'boolean' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
} as const;
