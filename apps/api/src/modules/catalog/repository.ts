import { nearRank, type Near } from '../lookups/neighbours.ts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { schema as s, named, rows, type Db } from '@sf/db';

/** A category row (the tree is reference data: the service keeps it in memory). */
export type CategoryRow = typeof s.categories.$inferSelect;
/** A category of a list of children, with how many children it has in turn. */
export type ChildCategoryRow = Pick<
  CategoryRow,
  'catId' | 'parentId' | 'name' | 'path' | 'image'
> & {
  childCount: number;
};

export const categoriesRepository = (db: Db) => ({
  byParent: (parentId: number): Promise<ChildCategoryRow[]> =>
    db
      .select({
        catId: s.categories.catId,
        parentId: s.categories.parentId,
        name: s.categories.name,
        path: s.categories.path,
        image: s.categories.image,
        childCount: sql<number>`(select count(*)::int from categories c where c.parent_id = categories.cat_id)`,
      })
      .from(s.categories)
      .where(eq(s.categories.parentId, parentId))
      .orderBy(asc(s.categories.position), asc(s.categories.name)),
  one: (catId: number): Promise<CategoryRow | undefined> =>
    db
      .select()
      .from(s.categories)
      .where(eq(s.categories.catId, catId))
      .then((r) => r[0]),
  all: (): Promise<CategoryRow[]> => db.select().from(s.categories),
});

/** How many of the newest matches a search ranks (see page()). */
export const SEARCH_WINDOW = 300;

/**
 * The search index's 'age bucket' lexemes (see products_search_bucket_idx): level letter and bits, coarsest first.
 * A stage of the search asks for the matches among a range of prod_ids as "words AND (one of these buckets)".
 */
const BUCKET_LEVELS = [
  ['c', 18],
  ['b', 15],
  ['a', 12],
] as const;
const A_BUCKET = 1 << 12;
/** How far back (in prod_ids from the newest) each search stage reaches; the last stage takes the rest. */
const STAGE_SPANS = [8192, 32768, 131072, 524288];
/** The indexed expression of products_search_bucket_idx: the query must repeat it for the index to be used. */
const BUCKETED = sql`(p.search || array_to_tsvector(p.fit_terms || array['~a' || (p.prod_id >> 12)::text, '~b' || (p.prod_id >> 15)::text, '~c' || (p.prod_id >> 18)::text, '~z' || coalesce(p.fit_spec, '')] || case when fits_most_cars(p.cat_id, p.top_cat_id) then '{~u}'::text[] else '{}' end))`;

/** Bucket lexemes that together cover exactly the prod_ids lo ≤ id < hi (both multiples of 4096), largest blocks first. */
export function bucketCover(lo: number, hi: number): string[] {
  const out: string[] = [];
  while (hi > lo) {
    const [letter, bits] = BUCKET_LEVELS.find(
      ([, b]) => hi % (1 << b) === 0 && hi - (1 << b) >= lo,
    )!;
    hi -= 1 << bits;
    out.push(`~${letter}${hi >> bits}`);
  }
  return out;
}

/**
 * Ranges of the search stages, newest first: [lo, hi) pairs on 4096 boundaries, the first one reaching a bucket past
 * the newest id (products added while `newestId` is cached land there), then `rest`: the stage of all older ids
 * (null: no stages, one query over everything).
 */
export function searchStages(newestId: number): {
  ranges: [number, number][];
  rest: number | null;
} {
  const hi = (Math.floor(newestId / A_BUCKET) + 2) * A_BUCKET;
  const bounds = [hi];
  for (const span of STAGE_SPANS) {
    const lo = Math.floor((newestId - span) / A_BUCKET) * A_BUCKET;
    if (lo <= 0) break;
    if (lo < bounds[bounds.length - 1]) bounds.push(lo);
  }
  const ranges = bounds.slice(1).map((lo, i) => [lo, bounds[i]] as [number, number]);
  // A small catalogue is one stage, without bounds.
  return { ranges, rest: ranges.length ? bounds[bounds.length - 1] : null };
}

export interface ListRow {
  prod_id: number;
  score: number | null;
  name: string;
  title: string;
  description: string;
  price_kobo: number;
  sales_kobo: number | null;
  condition: number;
  store_name: string;
  url_name: string;
  verified: boolean;
  city: string;
  state: string;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  placeholder: string | null;
}

/**
 * A ranked list's key (a bigint, higher first). With a car, parts that fit it exactly carry EXACT_FIT, above
 * everything else; then the search score times TEXT_STEP; below the score, the order within a group: fitted by
 * its own fitment rows (16; a size match is 0), in stock (8), from a verified store (4), and how near the
 * buyer it is (3 in their city, 2 in their state, 1 in a bordering one, 0 farther). The low bits stay under TEXT_STEP, the
 * capped score times TEXT_STEP stays under EXACT_FIT, and the whole stays an exact float8 (under 2^53).
 */
export const EXACT_FIT = 2 ** 40;
const TEXT_STEP = 32;
const TEXT_CAP = 2 ** 28 - 1;
const BY_ROWS = 16;
const IN_STOCK = 8;
const VERIFIED = 4;

/** What a list is narrowed to, with every name already resolved to an id by the service. */
export interface ProductFilter {
  /** A top category takes in its children's products. */
  category?: { catId: number; top: boolean };
  stateId?: number;
  cityId?: number;
  storeId?: number;
  /** Parts that fit this make (and model, and year); a fitment without a model fits every model. */
  makeId?: number;
  modelId?: number;
  year?: number;
  condition?: number;
  /**
   * With a car chosen: how parts fit it (fitment.ts). Parts of `byFitment` categories fit through their fitment
   * rows, `universal` ones fit every car, `bySpec` ones fit when their fit_spec is one of `specs`; any other
   * category (trucks, motorcycles) never fits.
   */
  car?: { byFitment: number[]; universal: number[]; bySpec: number[]; specs: string[] };
  /** Parts of this size (products.fit_spec: a tyre size typed in the search). */
  spec?: string;
  /** The visitor's state: nearer parts first (within the fit and search order, when there is one). */
  near?: Near;
}

const ids = (xs: number[]) =>
  sql.raw(xs.length ? xs.map((x) => String(Math.trunc(x))).join(',') : 'null');
/**
 * A list as one array parameter, where a search's text must not grow with it: a search is a named statement whose
 * plan PostgreSQL may keep (see `named`), and the car's category lists written out made each kept plan about 1 MB.
 */
const intArray = (xs: number[]) => sql`${`{${xs.map((x) => Math.trunc(x)).join(',')}}`}::int[]`;
const textArray = (xs: string[]) =>
  sql`${`{${xs.map((x) => `"${x.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** The fitment rows' condition: a row naming the make (any model when the row has none), model and year. */
function fitsByRows(f: ProductFilter): SQL {
  const fit: SQL[] = [sql`f.product_id = p.prod_id`];
  if (f.makeId) fit.push(sql`f.make_id = ${f.makeId}`);
  if (f.modelId) fit.push(sql`(f.model_id = ${f.modelId} or f.model_id is null)`);
  if (f.year) fit.push(sql`f.year_from <= ${f.year} and f.year_to >= ${f.year}`);
  return sql`exists (select 1 from product_fitments f where ${sql.join(fit, sql` and `)})`;
}

/**
 * The same condition as a set of product ids, for a list's car fit inside an OR (and in the order key), where
 * PostgreSQL hashes the subquery once per scan instead of probing per row (a search tests its few candidates with
 * fitsByTerms instead). Written as two arms (the model's
 * rows, then the make's rows without a model) so each is an index-only scan of product_fitments_make_idx:
 * one arm with "model = x or model is null" is a bitmap heap scan visiting every matching row's page
 * (Toyota Corolla: 3,278 rows on 521 pages, 1.1 ms, built twice per search stage).
 */
function fitSetByRows(f: ProductFilter): SQL {
  if (!f.makeId) return fitsByRows(f);
  const year = f.year ? sql` and f.year_from <= ${f.year} and f.year_to >= ${f.year}` : sql``;
  const arm = (model: SQL) =>
    sql`select f.product_id from product_fitments f where f.make_id = ${f.makeId} and ${model}${year}`;
  return f.modelId
    ? sql`p.prod_id in (${arm(sql`f.model_id = ${f.modelId}`)} union all ${arm(sql`f.model_id is null`)})`
    : sql`p.prod_id in (${arm(sql`true`)})`;
}

/** The fit_terms (see the products schema) of the car's make, or its make and model: a part fits it, years aside, when it has one. */
function fitTerms(f: ProductFilter): string[] {
  return f.modelId ? [`~m${f.makeId}.${f.modelId}`, `~n${f.makeId}`] : [`~k${f.makeId}`];
}

/**
 * The fitment rows' condition read from p.fit_terms, with the rows themselves probed only for a year: for a search,
 * whose candidates are a few hundred rows, where building the set of every part fitting the make (29,000 rows for
 * Toyota, twice per stage) cost more than the rest of the search.
 */
function fitsByTerms(f: ProductFilter): SQL {
  if (!f.makeId) return fitsByRows(f);
  const terms = sql`p.fit_terms && ${`{${fitTerms(f).join(',')}}`}::text[]`;
  return f.year ? sql`(${terms} and ${fitsByRows(f)})` : terms;
}

/**
 * For a car: whether p fits it by its fitment rows, by its size, and whether it fits at all (or fits most cars).
 * `few`: p is one of a few candidates (a search's), so the fit is tested per row; otherwise as a set (lists).
 */
function carFit(f: ProductFilter, few = false) {
  const c = f.car!;
  const rows = sql`(p.cat_id = any(${intArray(c.byFitment)}) and ${few ? fitsByTerms(f) : fitSetByRows(f)})`;
  const size = c.specs.length
    ? sql`(p.cat_id = any(${intArray(c.bySpec)}) and p.fit_spec = any(${textArray(c.specs)}))`
    : sql`false`;
  const universal = sql`p.cat_id = any(${intArray(c.universal)})`;
  return { rows, size, universal, any: sql`(${rows} or ${size} or ${universal})` };
}

/**
 * What may fit the car, as lexemes of products_search_bucket_idx (a tsquery): parts whose fitment rows name the
 * model, or the make with any model (without a model: name the make), parts of the categories that fit most cars ('~u'),
 * parts of the car's sizes. A superset of carFit's `any` (the category and year are not in it), which still
 * decides; it lets a search's index scan skip the matches that cannot fit.
 */
function carTerms(f: ProductFilter): string | null {
  const c = f.car;
  if (!c || !f.makeId) return null;
  const terms = fitTerms(f);
  terms.push('~u', ...c.specs.map((x) => `~z${x}`));
  return terms.map((t) => `'${t.replace(/[\\']/g, '\\$&')}'`).join(' | ');
}

/** p's order within its group (see EXACT_FIT): in stock, from a verified store, how near the buyer. */
function lowKey(f: ProductFilter): SQL {
  return sql`((case when p.stock > 0 then ${sql.raw(String(IN_STOCK))} else 0 end)
    + (select case when st.verified then ${sql.raw(String(VERIFIED))} else 0 end from stores st where st.id = p.store_id)
    + ${f.near ? nearRank(sql`p.state_id`, f.near, sql`p.city_id`) : sql`0`})`;
}

/** The columns of p that orderKey reads: a search's candidates carry them, and the key is made once per candidate. */
const KEY_COLS = sql`, p.cat_id, p.fit_terms, p.fit_spec, p.stock, p.store_id, p.state_id, p.city_id`;

/**
 * A search candidate's key without the score (see EXACT_FIT): its fit to the car, if any, and its order within its
 * group. Made on the candidates (KEY_COLS), so the car's fit is tested per row.
 */
function orderKey(f: ProductFilter): SQL {
  if (!f.car) return lowKey(f);
  const fit = carFit(f, true);
  return sql`((case when ${fit.rows} then ${sql.raw(String(EXACT_FIT + BY_ROWS))} when ${fit.size} then ${sql.raw(String(EXACT_FIT))} else 0 end)
    + ${lowKey(f)})`;
}

/**
 * The nearness groups of a list as (rank, condition on p), as nearRank ranks them: the visitor's city 3 (when
 * chosen), the rest of their state 2, its neighbours 1, farther 0; without a visitor state one group of rank 0.
 * A list limited to the visitor's state has only the first two (the others would be walked for nothing).
 */
function nearGroups(near: Near | undefined): [number, SQL][] {
  if (!near) return [[0, sql`true`]];
  const { stateId, neighbours, cityId } = near;
  const groups: [number, SQL][] = cityId
    ? [
        [3, sql`p.city_id = ${cityId}`],
        [2, sql`p.state_id = ${stateId} and p.city_id <> ${cityId}`],
      ]
    : [[2, sql`p.state_id = ${stateId}`]];
  if (near.inState) return groups;
  if (neighbours.length) groups.push([1, sql`p.state_id in (${ids(neighbours)})`]);
  groups.push([0, sql`p.state_id not in (${ids([stateId, ...neighbours])})`]);
  return groups;
}

/** The filter's conditions on products p (active is added by the query); `few` as for carFit. */
function whereOf(f: ProductFilter, few = false): SQL[] {
  const where: SQL[] = [];
  if (f.category)
    where.push(
      f.category.top
        ? sql`p.top_cat_id = ${f.category.catId}`
        : sql`p.cat_id = ${f.category.catId}`,
    );
  if (f.stateId) where.push(sql`p.state_id = ${f.stateId}`);
  if (f.cityId) where.push(sql`p.city_id = ${f.cityId}`);
  if (f.storeId) where.push(sql`p.store_id = ${f.storeId}`);
  if (f.car) where.push(carFit(f, few).any);
  else if (f.makeId || f.year) where.push(fitsByRows(f));
  if (f.condition) where.push(sql`p.condition = ${f.condition}`);
  if (f.spec) where.push(sql`p.fit_spec = ${f.spec}`);
  return where;
}

export interface ListQuery {
  filter: ProductFilter;
  /** Full-text query text for to_tsquery('english', …), when searching. */
  tsq?: string;
  partNumber?: string;
  cursor?: { score: number | null; prodId: number };
  limit: number;
  /** The newest prod_id (may be a few seconds old): a search looks among the newest products first (searchStages). */
  newestId?: number;
}

/** A store with its city and state names, as a store's page and a product's page show it. */
export interface StoreRow {
  store_id: number;
  store_name: string;
  url_name: string;
  logo: string | null;
  phones: string[];
  address: string;
  verified: boolean;
  state_id: number;
  city_id: number;
  delivery_fee_in_state_kobo: number;
  delivery_fee_other_states_kobo: number;
  city: string;
  state: string;
}
/** The columns of StoreRow, from stores st, cities ci and states sa. */
const STORE_COLUMNS = sql`st.id as store_id, st.name as store_name, st.url_name, st.logo, st.phones, st.address, st.verified,
  st.state_id, st.city_id, st.delivery_fee_in_state_kobo, st.delivery_fee_other_states_kobo, ci.name as city, sa.name as state`;

export interface StorePageRow extends StoreRow {
  created_at: Date;
  product_count: number;
}

export interface ProductImageRow {
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

export interface FitmentRow {
  make_id: number;
  make: string;
  model_id: number | null;
  model: string | null;
  year_from: number;
  year_to: number;
}

/** One active product with its category (and that category's parent) and its store. */
export interface ProductDetailRow extends StoreRow {
  prod_id: number;
  name: string;
  title: string;
  description: string;
  price_kobo: number;
  sales_kobo: number | null;
  condition: number;
  stock: number;
  part_number: string | null;
  created_at: Date;
  cat_id: number;
  cat_name: string;
  cat_path: string;
  cat_image: string;
  /** 0 for a top category (then the parent columns are null). */
  parent_id: number;
  parent_name: string | null;
  parent_path: string | null;
  parent_image: string | null;
}

export interface ProductDetail extends ProductDetailRow {
  images: ProductImageRow[];
  fitment: FitmentRow[];
}

export const productsRepository = (db: Db) => ({
  /**
   * One page of list items. Without search: newest first by prod_id (cursor prod_id < last). With search:
   * by score then prod_id, both descending (cursor (score, prod_id) < (last score, last id)); the score is an
   * integer so the cursor is exact.
   */
  async page(q: ListQuery): Promise<ListRow[]> {
    // A search's candidates are a few hundred rows at most: their car fit is tested per row (carFit).
    const searching = q.tsq !== undefined || !!q.partNumber;
    const where = sql.join([sql`p.active`, ...whereOf(q.filter, searching)], sql` and `);
    let page: SQL;
    let ctes: SQL[] = [];
    const car = q.filter.car ? true : undefined;
    // Every candidate of a search carries what its key is made of; the key is made once the window is known (up to
    // 300 rows, where the stages read up to 300 each).
    const keyCol = KEY_COLS;
    if (searching) {
      const pn = q.partNumber ?? '';
      const tsq = q.tsq ?? '';
      const parts: SQL[] = [];
      const stages: SQL[] = [];
      if (tsq) {
        // The SEARCH_WINDOW newest matches are ranked (ranking reads each candidate's vector, so it is bounded). A GIN
        // index gives matches in no order: finding the newest by reading every match costs one heap visit per match
        // (48,000 for 'radiator' in a million parts). So the search runs in stages over older and older prod_id ranges,
        // each asking the index for "words AND bucket of that range", and a stage runs only while the stages before it
        // found fewer than SEARCH_WINDOW: a common word stops in the first few thousand products, a rare one reads its
        // few matches everywhere. The result is the same set as one query over the whole catalogue.
        const words = sql`to_tsquery('english', ${tsq})`;
        const { ranges, rest } = q.newestId ? searchStages(q.newestId) : { ranges: [], rest: null };
        const fits = carTerms(q.filter);
        const mayFit = fits ? sql` and ${BUCKETED} @@ ${fits}::tsquery` : sql``;
        const found = (n: number) =>
          sql.join(
            stages.slice(0, n).map((_, i) => sql`(select count(*) from s${sql.raw(String(i))})`),
            sql` + `,
          );
        const stage = (cond: SQL) => {
          const i = stages.length;
          const gate = i ? sql`and ${found(i)} < ${SEARCH_WINDOW}` : sql``;
          // prod_id + 0: no walking the prod_id index until enough rows pass, the words' index is the way in.
          stages.push(sql`s${sql.raw(String(i))} as (select p.prod_id, p.search, p.part_number_norm${keyCol} from products p where ${where} and ${cond} ${gate}
            order by p.prod_id + 0 desc limit ${SEARCH_WINDOW})`);
        };
        for (const [lo, hi] of ranges) {
          // Two conditions, not one query with &&: the index then takes them as two keys and skips through each to the
          // other's next item, so the cost follows the matches in the range, not the size of the range (10 ms → 1 ms).
          stage(
            sql`${BUCKETED} @@ ${words} and ${BUCKETED} @@ ${bucketCover(lo, hi)
              .map((l) => `'${l}'`)
              .join(' | ')}::tsquery${mayFit}`,
          );
        }
        stage(
          sql`${BUCKETED} @@ ${words}${mayFit} ${rest === null ? sql`` : sql`and p.prod_id < ${rest}`}`,
        );
        parts.push(
          sql.join(
            stages.map((_, i) => sql`select * from s${sql.raw(String(i))}`),
            sql` union all `,
          ),
        );
      }
      if (pn) {
        const like = sql`p.part_number_norm like ${pn + '%'}`;
        parts.push(sql`select p.prod_id, p.search, p.part_number_norm${keyCol} from products p where ${where} and (${like}${pn.length >= 6 ? sql` or p.part_number_norm % ${pn}` : sql``})
          order by p.prod_id desc limit ${SEARCH_WINDOW}`);
      }
      const text = sql`((${tsq ? sql`ts_rank(p.search, to_tsquery('english', ${tsq}))` : sql`0`}) * 1000000)::int
        + ${
          pn
            ? sql`case when p.part_number_norm = ${pn} then 200000000 when p.part_number_norm like ${pn + '%'} then 100000000
          ${pn.length >= 6 ? sql`when p.part_number_norm % ${pn} then (similarity(p.part_number_norm, ${pn}) * 50000000)::int` : sql``} else 0 end`
            : sql`0`
        }`;
      const score = sql`${orderKey(q.filter)} + least(${text}, ${sql.raw(String(TEXT_CAP))})::bigint * ${sql.raw(String(TEXT_STEP))}`;
      const cursor = q.cursor
        ? sql`where (m.score, m.prod_id) < (${q.cursor.score ?? 0}::bigint, ${q.cursor.prodId}::int)`
        : sql``;
      // Exact part-number prefixes always take part, however old. A product may come from several parts: distinct on.
      const window = sql`select distinct on (w.prod_id) w.* from (${sql.join(
        parts.map((x) => sql`(${x})`),
        sql` union all `,
      )}) w
        order by w.prod_id desc limit ${SEARCH_WINDOW}`;
      const cands = pn
        ? sql`select distinct on (u.prod_id) u.* from ((${window}) union all (select p.prod_id, p.search, p.part_number_norm${keyCol} from products p
            where ${where} and p.part_number_norm like ${pn + '%'} limit 100)) u`
        : window;
      page = sql`select m.prod_id, m.score from (select p.prod_id, ${score} as score from (${cands}) p) m
        ${cursor} order by m.score desc, m.prod_id desc limit ${q.limit}`;
      ctes = stages;
    } else {
      // A part of the list whose rows all carry one key, walking prod_id down to a page (newest first within it);
      // the cursor's key says which parts are already read.
      const constantPart = (key: number, cond: SQL, base: SQL) => {
        if (q.cursor && key > (q.cursor.score ?? 0)) return null;
        const after =
          q.cursor && key === q.cursor.score ? sql`and p.prod_id < ${q.cursor.prodId}` : sql``;
        return sql`(select p.prod_id, ${sql.raw(String(key))}::bigint as score from products p
          where ${base} and ${cond} ${after} order by p.prod_id desc limit ${q.limit})`;
      };
      const union = (parts: SQL[]) =>
        parts.length
          ? sql`select u.prod_id, u.score from (${sql.join(parts, sql` union all `)}) u
            order by u.score desc, u.prod_id desc limit ${q.limit}`
          : sql`select null::int as prod_id, null::bigint as score where false`;
      if (car) {
        // Without search text the list is made of parts that each stop at a page, where one query over every
        // fitting part sorted them all (0.5 s for a Corolla, 1 s for every Toyota in 200,000 parts).
        const fit = carFit(q.filter);
        const rest = whereOf({ ...q.filter, car: undefined, makeId: undefined, year: undefined });
        const base = sql.join([sql`p.active`, ...rest], sql` and `);
        const parts: SQL[] = [];
        // Parts fitted by their rows or by size are few for one car (2,200 for a Corolla in 200,000): read and sorted.
        const few: [number, SQL][] = [[EXACT_FIT + BY_ROWS, fit.rows]];
        if (q.filter.car!.specs.length) few.push([EXACT_FIT, fit.size]);
        // Without a model (every Toyota) they are many too: then they are split like parts for most cars.
        const split: [number, SQL][] = q.filter.modelId ? [] : few.splice(0);
        split.push([0, fit.universal]);
        for (const [group, cond] of few) {
          if (q.cursor && group > (q.cursor.score ?? 0)) continue;
          const after = q.cursor
            ? sql`where (m.score, m.prod_id) < (${q.cursor.score ?? 0}::bigint, ${q.cursor.prodId}::int)`
            : sql``;
          parts.push(sql`(select m.prod_id, m.score from (select p.prod_id, (${sql.raw(String(group))} + ${lowKey(q.filter)})::bigint as score
            from products p where ${base} and ${cond}) m ${after}
            order by m.score desc, m.prod_id desc limit ${q.limit})`);
        }
        // Parts for most cars are many: parts of constant key (stock, verified store, nearness), each walking prod_id.
        // With a make alone the fitting parts are split too, and three nearness groups more would triple the parts
        // (36: planning alone took 15 ms): there the split parts are newest first within stock and verified store.
        const nearBy = nearGroups(q.filter.modelId ? q.filter.near : undefined);
        for (const [group, cond] of split)
          for (const stock of [IN_STOCK, 0])
            for (const verified of [VERIFIED, 0])
              for (const [near, nearCond] of nearBy) {
                const part = constantPart(
                  group + stock + verified + near,
                  sql`${cond} and ${stock ? sql`not p.sold_out` : sql`p.sold_out`}
                    and p.store_id in (select id from stores where ${verified ? sql`verified` : sql`not verified`}) and ${nearCond}`,
                  base,
                );
                if (part) parts.push(part);
              }
        page = union(parts);
      } else if (q.filter.near) {
        // Newest first within each nearness group: the visitor's state, its neighbours, farther.
        const parts = nearGroups(q.filter.near).map(([key, cond]) =>
          constantPart(key, cond, where),
        );
        page = union(parts.filter((x): x is SQL => x !== null));
      } else {
        const cursor = q.cursor ? sql`and p.prod_id < ${q.cursor.prodId}` : sql``;
        page = sql`select p.prod_id, null::int as score from products p where ${where} ${cursor} order by p.prod_id desc limit ${q.limit}`;
      }
    }
    // A search is sent named, a list is not (decision 0033).
    return rows<ListRow>(
      searching ? named(db) : db,
      sql`with ${sql.join([...ctes, sql`page as (${page})`], sql`, `)}
      select page.prod_id, page.score::float8 as score, p.name, p.title, left(p.description, 200) as description, p.price_kobo, p.sales_kobo, p.condition,
        st.name as store_name, st.url_name, st.verified, c.name as city, sa.name as state,
        i.key as image_key, i.width as image_width, i.height as image_height, i.placeholder
      from page join products p on p.prod_id = page.prod_id join stores st on st.id = p.store_id
        join cities c on c.id = st.city_id join states sa on sa.id = st.state_id
        left join product_images i on i.product_id = p.prod_id and i.position = 0
      order by page.score desc nulls last, page.prod_id desc`,
    );
  },

  /**
   * Which of `ids` a list with these filters and words would show (saved searches: the alerts
   * module). The same conditions as page(), without ranking or paging.
   */
  matchIds: async (
    q: Pick<ListQuery, 'filter' | 'tsq' | 'partNumber'>,
    prodIds: number[],
  ): Promise<number[]> => {
    if (prodIds.length === 0) return [];
    const text: SQL[] = [];
    if (q.tsq) text.push(sql`p.search @@ to_tsquery('english', ${q.tsq})`);
    if (q.partNumber) {
      const pn = q.partNumber;
      text.push(
        sql`(p.part_number_norm like ${pn + '%'}${pn.length >= 6 ? sql` or p.part_number_norm % ${pn}` : sql``})`,
      );
    }
    const where = [
      sql`p.active`,
      sql`p.prod_id in (${ids(prodIds)})`,
      ...whereOf(q.filter, true),
      ...(text.length ? [sql`(${sql.join(text, sql` or `)})`] : []),
    ];
    const r = await rows<{ prod_id: number }>(
      db,
      sql`select p.prod_id from products p where ${sql.join(where, sql` and `)}`,
    );
    return r.map((x) => Number(x.prod_id));
  },

  /**
   * How many active products the planner expects a search to match (from the lexeme statistics ANALYZE keeps);
   * '' gives the number of active products.
   */
  estimateMatches: async (tsq: string): Promise<number> => {
    if (tsq) {
      const [q] = await rows<{ n: number }>(
        named(db),
        sql`select numnode(to_tsquery('english', ${tsq})) as n`,
      );
      // A stop word alone ('and' of 'gaskets and seals', 's' of 's-class') is dropped from the search, so it limits
      // nothing; PostgreSQL estimates it at 1 row, which made the whole search look rare and skip the stages.
      if (!Number(q.n)) return Infinity;
    }
    const match = tsq ? sql`and p.search @@ to_tsquery('english', ${tsq})` : sql``;
    const [r] = await rows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`explain (format json) select 1 from products p where p.active ${match}`,
    );
    const plan =
      typeof r['QUERY PLAN'] === 'string' ? JSON.parse(r['QUERY PLAN']) : r['QUERY PLAN'];
    return Number(
      (plan as { Plan: { 'Plan Rows': number } }[])[0]?.Plan?.['Plan Rows'] ?? Infinity,
    );
  },

  /** For each word: whether the catalogue knows it, and up to two known words spelt similarly. */
  similarWords: (tokens: string[]) =>
    rows<{ tok: string; known: boolean; similar: string[] | null }>(
      named(db),
      sql`
      select t.tok, exists(select 1 from search_words w where w.word = t.tok) as known,
        (select array_agg(x.word) from (select w.word from search_words w where w.word % t.tok and similarity(w.word, t.tok) >= 0.4
          order by similarity(w.word, t.tok) desc, w.word limit 2) x) as similar
      from unnest(string_to_array(${tokens.join(',')}, ',')) as t(tok)`,
    ),

  /**
   * One round trip: the pictures and the cars it fits come with the row as JSON arrays (three
   * statements cost a fresh product page three socket writes and three parses for little data).
   */
  detail: async (prodId: number): Promise<ProductDetail | undefined> => {
    const [p] = await rows<ProductDetailRow & { images: ProductImageRow[]; fitment: FitmentRow[] }>(
      db,
      sql`
      select p.prod_id, p.name, p.title, p.description, p.price_kobo, p.sales_kobo, p.condition, p.stock, p.part_number, p.created_at,
        p.cat_id, c.name as cat_name, c.path as cat_path, c.image as cat_image, c.parent_id,
        pc.name as parent_name, pc.path as parent_path, pc.image as parent_image, ${STORE_COLUMNS},
        coalesce((select json_agg(json_build_object('key', i.key, 'width', i.width, 'height', i.height,
            'placeholder', i.placeholder) order by i.position)
          from product_images i where i.product_id = p.prod_id), '[]') as images,
        coalesce((select json_agg(json_build_object('make_id', f.make_id, 'make', mk.name, 'model_id', f.model_id,
            'model', md.name, 'year_from', f.year_from, 'year_to', f.year_to)
            order by mk.name, md.name nulls first, f.year_from)
          from product_fitments f join car_makes mk on mk.id = f.make_id left join car_models md on md.id = f.model_id
          where f.product_id = p.prod_id), '[]') as fitment
      from products p join categories c on c.cat_id = p.cat_id left join categories pc on pc.cat_id = c.parent_id
        join stores st on st.id = p.store_id join cities ci on ci.id = st.city_id join states sa on sa.id = st.state_id
      where p.prod_id = ${prodId} and p.active`,
    );
    return p;
  },

  storeByUrl: async (urlName: string): Promise<StorePageRow | undefined> => {
    const [st] = await rows<StorePageRow>(
      db,
      sql`
      select ${STORE_COLUMNS}, st.created_at,
        (select count(*)::int from products p where p.store_id = st.id and p.active) as product_count
      from stores st join cities ci on ci.id = st.city_id join states sa on sa.id = st.state_id
      where st.url_name = ${urlName}
        -- A locked account's store is not shown (its parts are held: admin/holds.ts).
        and not exists (select 1 from users u where u.id = st.owner_user_id and u.locked_at is not null)`,
    );
    return st;
  },
  /** The highest prod_id (the search's stages are counted back from it). */
  newestId: async () =>
    (await rows<{ id: number | null }>(db, sql`select max(prod_id) as id from products`))[0]?.id ??
    0,
  /**
   * Whether a store is shown with the initials tile of this name: its url_name, or a logo saved
   * as that tile's URL (the demo stores' are, and they keep it when the store is renamed).
   */
  hasStoreTile: async (urlName: string, tileUrl: string) =>
    (
      await rows<{ one: number }>(
        db,
        sql`select 1 as one from stores where url_name = ${urlName} or logo = ${tileUrl} limit 1`,
      )
    ).length > 0,
  /**
   * A public product's main picture key (null: it has none); undefined when no active product
   * has this id (held and hidden products have no sharing card either).
   */
  mainPicture: async (prodId: number) =>
    (
      await rows<{ key: string | null }>(
        db,
        sql`select i.key from products p
          left join product_images i on i.product_id = p.prod_id and i.position = 0
          where p.prod_id = ${prodId} and p.active`,
      )
    )[0],
  storeIdByUrl: async (urlName: string) =>
    (await rows<{ id: number }>(db, sql`select id from stores where url_name = ${urlName}`))[0]?.id,
  /** The names of a make and (when given) one of its models; undefined when the model is not of that make. */
  carNames: async (makeId: number, modelId: number | undefined) =>
    (
      await rows<{ make: string; model: string | null }>(
        db,
        sql`select mk.name as make, md.name as model from car_makes mk
          left join car_models md on md.id = ${modelId ?? null}::int and md.make_id = mk.id where mk.id = ${makeId}`,
      )
    )[0],
  modelMake: async (modelId: number) =>
    (
      await rows<{ make_id: number }>(db, sql`select make_id from car_models where id = ${modelId}`)
    )[0]?.make_id,
});
