import { Id, Int, Obj, Text, envelope, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

/** A category in a list of children. */
export const categorySchema = Obj({
  cat_id: int,
  parent_id: { ...int, description: '0 for a top category' },
  name: str,
  image_url: str,
  path: str,
  child_count: int,
});

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
    near: {
      ...id,
      description:
        "The visitor's state id: a list not limited to a state shows that state's parts first, then its neighbours'",
    },
    nearCity: {
      ...id,
      description:
        "The visitor's city id (with near): its parts come first, also in a list limited to the visitor's state",
    },
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
      maxLength: 27,
      pattern: '^(-?\\d{1,15}:)?\\d{1,10}$',
      description: 'Cursor from the previous page',
    }),
    active: { type: 'string', enum: ['true', 'false'] },
  },
} as const;

/** Naira numbers (kobo / 100); `sales` is null when the part is not on sale. */
const price = Obj({ price: { type: 'number' }, sales: nullable({ type: 'number' }) });

/** A product picture: WebP at 160, 320 and 640 px wide (4:3). */
const imageProps = {
  src: str,
  srcset: str,
  width: int,
  height: int,
  placeholder: { ...str, description: "A blurred 10x10 data URI ('' when none)" },
} as const;

export const listItemSchema = Obj({
  prod_id: int,
  id: { ...int, description: 'The same as prod_id' },
  name: str,
  title: str,
  description: { ...str, description: 'Up to 160 characters' },
  url: str,
  price,
  condition: { ...int, description: '1 New, 2 Used (Tokunbo)' },
  image: nullable(Obj(imageProps)),
  store: Obj({ name: str, url_name: str, city: str, state: str, verified: { type: 'boolean' } }),
  fit: {
    type: ['string', 'null'],
    enum: ['exact', 'universal', null],
    description:
      "With a car chosen: 'exact' (its fitment or its size covers that car), 'universal' (fits most cars); null without a car",
  },
});

const listProps = {
  status: okStatus,
  items: { type: 'array', items: listItemSchema },
  count: { ...int, description: "The request's count plus this page's items" },
  lastId: nullable({ ...str, description: 'The cursor of the next page; null on an empty page' }),
  hasMore: { type: 'boolean' },
} as const;
export const listReply = Obj(listProps);

/** A store: where it is, how to reach it, what it charges for delivery (naira). */
export const storeSchema = Obj({
  id: int,
  name: str,
  url_name: str,
  logo: str,
  phones: { type: 'array', items: str, description: 'As the seller typed them' },
  address: str,
  city: str,
  state: str,
  state_id: int,
  city_id: int,
  verified: { type: 'boolean' },
  delivery_fee_in_state: nullable({ type: 'number' }),
  delivery_fee_other_states: nullable({ type: 'number' }),
});

export const storeReply = Obj({
  ...listProps,
  store: Obj({ ...storeSchema.properties, product_count: int }),
});

const { image: _image, fit: _fit, ...itemProps } = listItemSchema.properties;
export const productDetailSchema = Obj({
  ...itemProps,
  description: str,
  stock: int,
  part_number: nullable(str),
  category: Obj({
    cat_id: int,
    name: str,
    path: str,
    parent: nullable(Obj({ cat_id: int, name: nullable(str), path: nullable(str) })),
  }),
  images: {
    type: 'array',
    items: Obj({
      ...imageProps,
      sizes: {
        type: 'object',
        additionalProperties: str,
        description: 'The picture at each width: {"160": url, "320": url, "640": url}',
      },
    }),
  },
  fitment: {
    type: 'array',
    items: Obj({
      make_id: int,
      make: str,
      model_id: nullable(int),
      model: nullable({ ...str, description: 'null: every model of the make' }),
      year_from: int,
      year_to: int,
    }),
  },
  store: storeSchema,
  created_at: str,
});
export const detailReply = Obj({ status: okStatus, item: productDetailSchema });

/** A category with its parent (null for a top category) and its children. */
export const categoryFamilySchema = Obj({
  cat_id: int,
  parent_id: int,
  name: str,
  path: str,
  image_url: str,
  parent: nullable(Obj({ cat_id: int, name: str, path: str, image_url: str })),
  children: { type: 'array', items: categorySchema },
});
export const categoryReply = Obj({ status: okStatus, item: categoryFamilySchema });
export const categoriesReply = envelope(categorySchema);

export const suggestReply = Obj({
  status: okStatus,
  items: { type: 'array', items: Obj({ id: int, name: str }) },
});
