import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { placeholderFor, productSvg } from '../images/service.ts';
import { storeLogoUrl } from '../images/urls.ts';
import { invalidateCatalogLists } from './service.ts';
import {
  phone,
  productGenerator,
  rng,
  slugify,
  STORES,
  DEMO_SELLER_STORE,
  type Cat,
  type ProductSeed,
} from './demo-data.ts';

export interface StoreRef {
  id: number;
  stateId: number;
  cityId: number;
}

/** Words of catalogue texts for typo correction (lower case letters only, 3–30 long). */
export function wordsOf(texts: string[], into = new Set<string>()): Set<string> {
  for (const t of texts)
    for (const w of t.toLowerCase().split(/[^a-z]+/))
      if (w.length >= 3 && w.length <= 30) into.add(w);
  return into;
}

export async function addSearchWords(db: Db, words: Iterable<string>) {
  const list = [...words];
  for (let i = 0; i < list.length; i += 5000) {
    await db.execute(sql`insert into search_words (word) select x from json_array_elements_text(${JSON.stringify(list.slice(i, i + 5000))}::json) as x
      on conflict do nothing`);
  }
}

/** Reference data the generator needs, read from the database. */
export async function loadRefs(db: Db) {
  const cats = (await db.select().from(s.categories)) as Cat[];
  const makes = await db.select({ id: s.carMakes.id, name: s.carMakes.name }).from(s.carMakes);
  const models = await db.select().from(s.carModels);
  return { cats, makes, models };
}

/** The demo stores (idempotent by url_name); the demo seller owns one when that user exists. */
export async function ensureStores(db: Db): Promise<StoreRef[]> {
  const existing = await rows<{ id: number; state_id: number; city_id: number }>(
    db,
    sql`select id, state_id, city_id from stores order by id`,
  );
  if (existing.length)
    return existing.map((r) => ({ id: r.id, stateId: r.state_id, cityId: r.city_id }));
  const r = rng(42);
  const states = await db.select().from(s.states);
  const cities = await db
    .select({ id: s.cities.id, stateId: s.cities.stateId, name: s.cities.name })
    .from(s.cities);
  const [seller] = await rows<{ id: string }>(
    db,
    sql`select id from users where email = 'seller@demo.ng'`,
  );
  const values = STORES.map((st) => {
    const state = states.find((x) => x.name === st.state);
    if (!state) throw new Error(`Unknown state ${st.state}`);
    const city =
      cities.find((c) => c.stateId === state.id && c.name === st.city) ??
      cities.find((c) => c.stateId === state.id)!;
    const url = slugify(st.name);
    return {
      ownerUserId: st.name === DEMO_SELLER_STORE ? (seller?.id ?? null) : null,
      name: st.name,
      urlName: url,
      logo: storeLogoUrl(url),
      phones: r.chance(0.6) ? [phone(r), phone(r)] : [phone(r)],
      stateId: state.id,
      cityId: city.id,
      address: st.address,
      verified: st.verified,
      deliveryFeeInStateKobo: st.feeIn * 100,
      deliveryFeeOtherStatesKobo: st.feeOut * 100,
    };
  });
  const out = await db
    .insert(s.stores)
    .values(values)
    .returning({ id: s.stores.id, stateId: s.stores.stateId, cityId: s.stores.cityId });
  return out;
}

/**
 * Placeholders of the generated pictures. At 10x10 and blurred only the colours and the shape show, so one is drawn
 * per (top category, variant) and shared by that category's pictures.
 */
const placeholderCache = new Map<string, Promise<string>>();
export async function placeholders(keys: Iterable<string>, cats: Cat[]) {
  const byId = new Map(cats.map((c) => [c.catId, c]));
  const out = new Map<string, string>();
  for (const key of keys) {
    const [, cat, variant] = key.split('-');
    const c = byId.get(Number(cat));
    if (!c) continue;
    const group = String(c.parentId || c.catId);
    const k = `${group}-${variant}`;
    let p = placeholderCache.get(k);
    if (!p)
      placeholderCache.set(k, (p = placeholderFor(productSvg('', group, Number(variant), 40))));
    out.set(key, await p);
  }
  return out;
}

/**
 * Inserts generated products in batches (one statement per table per batch, rows passed as one JSON
 * parameter) with their fitment and picture. Returns the number inserted.
 */
export async function insertProducts(
  db: Db,
  opts: {
    count: number;
    seed?: number;
    batch?: number;
    workers?: number;
    stores: StoreRef[];
    onProgress?: (n: number) => void;
  },
) {
  const refs = await loadRefs(db);
  const gen = productGenerator({ ...refs, storeCount: opts.stores.length }, opts.seed);
  const batch = opts.batch ?? 2000;
  const ph = new Map<string, string>();
  const words = new Set<string>();
  wordsOf(
    refs.cats.flatMap((c) => [c.name, ...c.keywords]),
    words,
  );
  wordsOf(
    refs.makes.map((m) => m.name),
    words,
  );
  let generated = 0;
  let written = 0;
  let i = 0;
  const inflight = new Set<Promise<void>>();
  let failure: unknown;
  while (generated < opts.count) {
    const n = Math.min(batch, opts.count - generated);
    const seeds: ProductSeed[] = [];
    for (let k = 0; k < n; k++) seeds.push(gen(i++));
    const newKeys = [...new Set(seeds.map((p) => p.imageKey))].filter((k) => !ph.has(k));
    for (const [k, v] of await placeholders(newKeys, refs.cats)) ph.set(k, v);
    for (let k = 0; k < seeds.length; k++)
      if (generated + k < 5000 || k % 50 === 0) wordsOf([seeds[k].name, seeds[k].title], words);
    generated += n;
    const job = writeBatch(db, seeds, opts.stores, ph).then(
      () => {
        written += n;
        opts.onProgress?.(written);
      },
      (e) => {
        failure ??= e;
      },
    );
    inflight.add(job);
    void job.finally(() => inflight.delete(job));
    if (inflight.size >= (opts.workers ?? 1)) await Promise.race(inflight);
    if (failure) break;
  }
  await Promise.all(inflight);
  if (failure) throw failure;
  await addSearchWords(db, words);
  invalidateCatalogLists(db);
  return written;
}

/** One batch: reserve ids, then products, fitments and pictures as three statements. */
async function writeBatch(
  db: Db,
  seeds: ProductSeed[],
  stores: StoreRef[],
  ph: Map<string, string>,
) {
  const [{ ids }] = await rows<{ ids: number[] | string }>(
    db,
    sql`select array_agg(nextval(pg_get_serial_sequence('products', 'prod_id'))::int order by g) as ids
    from generate_series(1, ${seeds.length}) g`,
  );
  const idList = (typeof ids === 'string' ? ids.replace(/[{}]/g, '').split(',') : ids).map(Number);
  const prods = seeds.map((p, k) => {
    const st = stores[p.storeIndex];
    return {
      prod_id: idList[k],
      store_id: st.id,
      cat_id: p.catId,
      top_cat_id: p.topCatId,
      state_id: st.stateId,
      city_id: st.cityId,
      name: p.name,
      title: p.title,
      description: p.description,
      price_kobo: p.priceKobo,
      sales_kobo: p.salesKobo,
      condition: p.condition,
      stock: p.stock,
      part_number: p.partNumber,
      search_terms: p.searchTerms,
    };
  });
  await db.execute(sql`insert into products (prod_id, store_id, cat_id, top_cat_id, state_id, city_id, name, title, description,
      price_kobo, sales_kobo, condition, stock, part_number, search_terms) overriding system value
    select * from json_to_recordset(${JSON.stringify(prods)}::json) as x(prod_id int, store_id int, cat_id int, top_cat_id int,
      state_id int, city_id int, name text, title text, description text, price_kobo bigint, sales_kobo bigint, condition smallint,
      stock int, part_number text, search_terms text)`);
  const fits = seeds.flatMap((p, k) =>
    p.fitments.map((f) => ({
      product_id: idList[k],
      make_id: f.makeId,
      model_id: f.modelId,
      year_from: f.yearFrom,
      year_to: f.yearTo,
    })),
  );
  await db.execute(sql`insert into product_fitments (product_id, make_id, model_id, year_from, year_to)
    select * from json_to_recordset(${JSON.stringify(fits)}::json) as x(product_id int, make_id int, model_id int, year_from int, year_to int)`);
  const imgs = seeds.map((p, k) => ({
    product_id: idList[k],
    key: p.imageKey,
    placeholder: ph.get(p.imageKey) ?? '',
  }));
  await db.execute(sql`insert into product_images (product_id, position, key, width, height, placeholder)
    select x.product_id, 0, x.key, 640, 480, x.placeholder from json_to_recordset(${JSON.stringify(imgs)}::json) as x(product_id int, key text, placeholder text)`);
}
