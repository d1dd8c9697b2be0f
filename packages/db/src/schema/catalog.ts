import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  text,
  index,
  uniqueIndex,
  boolean,
  bigint,
  smallint,
  timestamp,
  uuid,
  customType,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { states, cities, carMakes, carModels } from './lookups.ts';

/** Two-level part-category tree: parent_id 0 marks a top category. */
export const categories = pgTable(
  'categories',
  {
    catId: integer('cat_id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    path: text('path').notNull().unique(),
    image: text('image').notNull(),
    keywords: text('keywords').array().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A seller's shop. Money is stored in kobo (integer, exact); the API speaks naira numbers.
 * rank_boost lifts paying stores in listings later (subscriptions).
 */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    urlName: text('url_name').notNull().unique(),
    logo: text('logo'),
    phones: text('phones').array().notNull().default([]),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    deliveryFeeInStateKobo: bigint('delivery_fee_in_state_kobo', { mode: 'number' })
      .notNull()
      .default(0),
    deliveryFeeOtherStatesKobo: bigint('delivery_fee_other_states_kobo', { mode: 'number' })
      .notNull()
      .default(0),
    rankBoost: integer('rank_boost').notNull().default(0),
    // Set by staff (docs/decisions/0019): while set, every product of the store is held hidden.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by a trigger on every update (the sitemaps' lastmod): no writer has to remember it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_unverified_idx')
      .on(t.id)
      .where(sql`not verified and suspended_at is null`),
    index('stores_owner_idx').on(t.ownerUserId),
    index('stores_state_idx').on(t.stateId),
  ],
);

/**
 * A part for sale. state_id/city_id are copied from the store (the store service keeps them in step) so that
 * place filters use one index. search_terms holds the denormalised category, keyword, make and model names;
 * `search` is the weighted full-text vector (A name + part number, B title, C terms, D description).
 */
export const products = pgTable(
  'products',
  {
    prodId: integer('prod_id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    catId: integer('cat_id')
      .notNull()
      .references(() => categories.catId),
    topCatId: integer('top_cat_id').notNull(),
    stateId: integer('state_id').notNull(),
    cityId: integer('city_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    salesKobo: bigint('sales_kobo', { mode: 'number' }),
    condition: smallint('condition').notNull(),
    stock: integer('stock').notNull().default(0),
    // Whether the part is sold out, kept by PostgreSQL. Indexes name this and never `stock`: an
    // index on a column (or in its WHERE) makes every update that changes the column write a new
    // entry in every index of the table, GIN search indexes included, where an update that
    // changes no indexed column stays on its page (a HOT update). Checkout and restocking change
    // `stock` on every order; this flag changes only when the count reaches or leaves zero.
    soldOut: boolean('sold_out').generatedAlwaysAs(sql`stock <= 0`),
    partNumber: text('part_number'),
    // The seller's own code for the part (their stock-keeping unit), unique in the store: a CSV import
    // that names an existing SKU updates that product instead of adding a second one.
    sku: text('sku'),
    partNumberNorm: text('part_number_norm').generatedAlwaysAs(
      sql`upper(regexp_replace(coalesce(part_number, ''), '[^A-Za-z0-9]', '', 'g'))`,
    ),
    searchTerms: text('search_terms').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(part_number, '') || ' ' || upper(regexp_replace(coalesce(part_number, ''), '[^A-Za-z0-9]', '', 'g'))), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(search_terms, '')), 'C') || setweight(to_tsvector('english'::regconfig, left(coalesce(description, ''), 2000)), 'D')`,
    ),
    // The size or group a tyre, wheel or battery is sold by, as its name prints it ('Car Tyre 195/65 R15' → '195/65R15',
    // 'Alloy Wheel 15 inch' → 'R15', 'Car Battery NS60 45Ah' → 'NS60'): such parts fit the cars that take it.
    fitSpec: text('fit_spec').generatedAlwaysAs(
      sql`coalesce(regexp_replace(substring(upper(name) from '\\d{3}/\\d{2}\\s?Z?R\\s?\\d{2}'), '[\\sZ]', '', 'g'), substring(upper(name) from '\\m(NS\\d{2}|\\d{2,3}D\\d{2}|DIN\\d{2,3})\\M'), 'R' || substring(name from '\\m(1[2-9]|2[0-4])\\s?(?:inch|")'))`,
    ),
    // What the fitment rows say the part fits, years aside: '~k<make>' for each make named, '~m<make>.<model>' for
    // each model, '~n<make>' for a make with any model. Kept by triggers on product_fitments (no writer has to
    // remember it): a search with a car asks the index for parts that may fit it (products_search_bucket_idx) and
    // tests its candidates' fit on this column instead of reading the fitment rows.
    fitTerms: text('fit_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    // Why staff hold the product hidden (docs/decisions/0019): 'admin' (held_reason says why, the
    // seller sees it) or 'suspension' (its store is suspended). A trigger keeps a held product
    // inactive whatever writes it, so no list, search, page or checkout needs to know.
    heldBy: text('held_by'),
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by a trigger on every update (the sitemaps' lastmod): no writer has to remember it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_active_id_idx')
      .on(t.prodId)
      .where(sql`active`),
    index('products_top_cat_idx')
      .on(t.topCatId, t.prodId)
      .where(sql`active`),
    index('products_cat_idx')
      .on(t.catId, t.prodId)
      .where(sql`active`),
    index('products_state_idx')
      .on(t.stateId, t.prodId)
      .where(sql`active`),
    index('products_top_cat_state_idx')
      .on(t.topCatId, t.stateId, t.prodId)
      .where(sql`active`),
    index('products_city_idx')
      .on(t.cityId, t.prodId)
      .where(sql`active`),
    index('products_store_idx').on(t.storeId, t.prodId),
    // NULLs are distinct: parts without a SKU never collide; the import upserts ON CONFLICT on it.
    uniqueIndex('products_store_sku_idx').on(t.storeId, t.sku),
    // A car's list reads parts for most cars out of stock on their own (productsRepository.page): few, so walking
    // every active part's index to find them cost 30-50 ms at 200,000 parts. On sold_out, not stock (see soldOut).
    index('products_sold_out_idx')
      .on(t.prodId)
      .where(sql`active and sold_out`),
    index('products_fit_spec_idx')
      .on(t.fitSpec, t.prodId)
      .where(sql`active and fit_spec is not null`),
    // The vector plus 'age bucket' lexemes ('~a' = prod_id >> 12, '~b' >> 15, '~c' >> 18) so that a search can ask for the
    // matches among the newest products inside the index (see productsRepository.page): a GIN index returns matches
    // unordered, and reading every match from the heap to find the newest is what made broad words slow on big catalogues.
    // Then what the part may fit: fit_terms, '~u' when its category fits most cars (fits_most_cars, migration 0040:
    // fitment.ts's rule in SQL) and its size ('~z<fit_spec>'), so a search with a car reads only the matches that may
    // fit it. The '~' keeps these apart from searched words (those are [a-z0-9]).
    // The query must repeat this expression (repository.ts, BUCKETED).
    index('products_search_bucket_idx').using(
      'gin',
      sql`(${t.search} || array_to_tsvector(${t.fitTerms} || array['~a' || (${t.prodId} >> 12)::text, '~b' || (${t.prodId} >> 15)::text, '~c' || (${t.prodId} >> 18)::text, '~z' || coalesce(${t.fitSpec}, '')] || case when fits_most_cars(${t.catId}, ${t.topCatId}) then '{~u}'::text[] else '{}' end))`,
    ),
    index('products_pn_trgm_idx').using('gin', t.partNumberNorm.op('gin_trgm_ops')),
    index('products_pn_prefix_idx').on(t.partNumberNorm.op('text_pattern_ops')),
    // Checkout takes stock with a conditional update; this makes a negative count impossible.
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
  ],
);

/** Pictures of a product; the files live under the images directory, named `<key>-<width>.webp`. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

/** What a part fits: a make, one of its models (null = every model of the make) and a year range. */
export const productFitments = pgTable(
  'product_fitments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    makeId: integer('make_id')
      .notNull()
      .references(() => carMakes.id),
    modelId: integer('model_id').references(() => carModels.id),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [
    // Covers the per-product fitment check of the list (index-only scans).
    index('product_fitments_product_idx').on(
      t.productId,
      t.makeId,
      t.modelId,
      t.yearFrom,
      t.yearTo,
    ),
    index('product_fitments_make_idx').on(t.makeId, t.modelId, t.yearFrom, t.yearTo, t.productId),
  ],
);

/** Words of the catalogue (names, categories, makes, models) for typo correction by trigram similarity. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
