import { sql, type SQL } from 'drizzle-orm';
import type { Category } from '@sf/shared';
import type { Db } from '@sf/db';
import { badRequest, notFound } from '../../lib/errors.ts';
import { categoryImageUrl, imageUrl, srcset, storeLogoUrl, WIDTHS } from '../images/urls.ts';
import { categoriesRepository, productsRepository, type ListRow } from './repository.ts';
import { buildTsQuery, correctable, parseSearch } from './search.ts';
import { memo } from '../../lib/cache.ts';

export const naira = (kobo: number | null | undefined) =>
  kobo === null || kobo === undefined ? null : Number(kobo) / 100;
export const PAGE_MAX = 50;
export const SEARCH_TOO_SHORT = 'Search text should be more than 3 characters';

/** A short description for cards: at most 160 characters, cut at a word. */
export function shorten(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '') + '…';
}

export function categoriesService(db: Db) {
  const repo = categoriesRepository(db);
  let all:
    | Promise<
        Map<number, { catId: number; parentId: number; name: string; path: string; image: string }>
      >
    | undefined;
  const byId = () =>
    (all ??= repo
      .all()
      .then((r) => new Map(r.map((c) => [c.catId, c])))
      .catch((e) => {
        all = undefined;
        throw e;
      }));
  return {
    /** Children of a category; 0 gives the top categories. */
    // Categories change only through the admin area: a minute of staleness is fine.
    byParent: memo(async (parentId: number): Promise<Category[]> => {
      if (parentId !== 0 && !(await repo.one(parentId)))
        throw notFound(`No category with id ${parentId}`);
      const rows = await repo.byParent(parentId);
      return rows.map((r) => ({
        cat_id: r.catId,
        parent_id: r.parentId,
        name: r.name,
        image_url: categoryImageUrl(r.image),
        path: r.path,
        child_count: r.childCount,
      }));
    }, 60_000),
    /** A category with its parent and children. */
    async withFamily(catId: number) {
      const c = (await byId()).get(catId);
      if (!c) throw notFound(`No category with id ${catId}`);
      const p = c.parentId ? (await byId()).get(c.parentId) : undefined;
      return {
        cat_id: c.catId,
        parent_id: c.parentId,
        name: c.name,
        path: c.path,
        image_url: categoryImageUrl(c.image),
        parent: p
          ? { cat_id: p.catId, name: p.name, path: p.path, image_url: categoryImageUrl(p.image) }
          : null,
        children: await this.byParent(catId),
      };
    },
    /** Cached lookup (categories are reference data). */
    get: async (catId: number) => (await byId()).get(catId),
    /** Whether some category is drawn with this image name (its tile exists). */
    hasImage: async (image: string) => [...(await byId()).values()].some((c) => c.image === image),
    one: repo.one,
  };
}

/** Whether a store has this url_name (its logo tile is drawn from the name). */
export const storeExists = async (db: Db, urlName: string) =>
  (await productsRepository(db).storeIdByUrl(urlName)) !== undefined;

export interface ListFilters {
  catId?: number;
  regionId?: number;
  city?: number;
  partcategory?: number;
  carmake?: number;
  carmodel?: number;
  caryear?: number;
  condition?: number;
  prodName?: string;
  store?: string;
  pagesize?: number;
  count?: number;
  lastId?: string;
}

export function toListItem(r: ListRow) {
  return {
    prod_id: r.prod_id,
    id: r.prod_id,
    name: r.name,
    title: r.title,
    description: shorten(r.description),
    url: `/product/${r.prod_id}`,
    price: { price: naira(r.price_kobo)!, sales: naira(r.sales_kobo) },
    condition: r.condition,
    image: r.image_key
      ? {
          src: imageUrl(r.image_key, 320),
          srcset: srcset(r.image_key),
          width: 320,
          height: 240,
          placeholder: r.placeholder ?? '',
        }
      : null,
    store: {
      name: r.store_name,
      url_name: r.url_name,
      city: r.city,
      state: r.state,
      verified: r.verified,
    },
  };
}

/** Parses a cursor: 'prodId' (newest-first lists) or 'score:prodId' (ranked search). */
function parseCursor(lastId: string | undefined, ranked: boolean) {
  if (!lastId) return undefined;
  const m = /^(?:(-?\d{1,10}):)?(\d{1,10})$/.exec(lastId);
  if (!m) throw badRequest('Invalid lastId: pass back the lastId of the previous page');
  const prodId = Number(m[2]);
  if (prodId > 2147483647)
    throw badRequest('Invalid lastId: pass back the lastId of the previous page');
  if (ranked && m[1] === undefined)
    throw badRequest('Invalid lastId for a search: pass back the lastId of the previous page');
  return { score: m[1] === undefined ? null : Number(m[1]), prodId };
}

/**
 * List and search answers are read far more than the catalogue changes, and the same searches
 * ('brake pads', 'corolla headlamp') come from many buyers: each process keeps an answer for a few
 * seconds (listCacheMs from CATALOG_LIST_CACHE_MS, default 10000; 0 turns it off). Responses already
 * allow 30 s of shared caching, so this adds no staleness a visitor could not already see. Writers of
 * products or stores call invalidateCatalogLists(db).
 */
const listCaches = new WeakMap<Db, { clear(): void }>();
export const invalidateCatalogLists = (db: Db) => listCaches.get(db)?.clear();
/** The same filters in any order give the same key. */
const filterKey = (f: ListFilters) =>
  JSON.stringify(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * Searching in stages (repository.page) pays off only for searches that match many parts ('radiator': 48,000 in a
 * million); for a specific one ('civic timing belt': a few hundred) every stage costs more than one plain query
 * (measured: fresh multi-word searches p99 150 ms staged vs 35 ms plain at 100,000 parts and 200 req/s; one-word
 * searches over a million 0.5-3.6 s plain vs 10-100 ms staged). The planner's estimate decides.
 */
const STAGE_FROM_MATCHES = 1000;
/**
 * Matches expected for `words & words & …`. The planner multiplies the words' frequencies as if independent, which
 * underestimates words that go together ('spark plugs': 119 expected, 3,229 found); the rarest word alone is an upper
 * bound. Their geometric mean is close enough on both kinds ('civic timing belt' stays small, 'spark plugs' does not).
 */
export function expectedMatches(total: number, groups: number[]): number {
  if (!groups.length || total <= 0) return 0;
  const independent = groups.reduce((acc, n) => acc * Math.min(1, n / total), total);
  return Math.sqrt(independent * Math.min(...groups));
}

export function productsService(db: Db, opts: { listCacheMs: number }) {
  const repo = productsRepository(db);
  const cats = categoriesService(db);
  // A few seconds stale is fine: the first search stage reaches one bucket (4096 ids) past it.
  const newestId = memo((_: 0) => repo.newestId(), 5_000);
  // Estimates change only when ANALYZE runs: ten minutes per word (with its alternatives).
  const estimate = memo((tsq: string) => repo.estimateMatches(tsq), 600_000, 5000);
  /** buildTsQuery joins one group per word with ' & ' (alternatives inside parentheses). */
  const expected = async (tsq: string) =>
    expectedMatches(
      await estimate(''),
      await Promise.all(tsq.split(' & ').map((g) => estimate(g))),
    );

  // Corrections per word: the vocabulary changes only with new catalogue words, so remember answers for 10 minutes.
  const corrected = new Map<string, { at: number; known: boolean; similar: string[] }>();
  /**
   * Known words stay; unknown words of 4+ letters get the closest catalogue words as alternatives.
   * Also tells which words are complete catalogue words (those need no prefix matching).
   */
  async function corrections(tokens: string[]) {
    const out = new Map<string, string[]>();
    const known = new Set<string>();
    const now = Date.now();
    const use = (tok: string, hit: { known: boolean; similar: string[] }) => {
      if (hit.known) known.add(tok);
      if (hit.similar.length) out.set(tok, hit.similar);
    };
    const ask = tokens.filter((tok) => {
      if (!correctable(tok)) return false;
      const hit = corrected.get(tok);
      if (hit && now - hit.at < 600_000) {
        use(tok, hit);
        return false;
      }
      return true;
    });
    if (ask.length) {
      if (corrected.size > 5000) corrected.clear();
      for (const r of await repo.similarWords(ask)) {
        const hit = {
          at: now,
          known: r.known,
          similar: !r.known && r.similar?.length ? r.similar : [],
        };
        corrected.set(r.tok, hit);
        use(r.tok, hit);
      }
    }
    return { out, known };
  }

  async function listUncached(f: ListFilters) {
    const where: SQL[] = [];
    const catId = f.partcategory || f.catId || 0;
    if (catId) {
      const c = await cats.get(catId);
      if (!c) throw notFound(`No category with id ${catId}`);
      where.push(c.parentId === 0 ? sql`p.top_cat_id = ${catId}` : sql`p.cat_id = ${catId}`);
    }
    if (f.regionId) where.push(sql`p.state_id = ${f.regionId}`);
    if (f.city) where.push(sql`p.city_id = ${f.city}`);
    if (f.store) {
      const id = await repo.storeIdByUrl(f.store);
      if (!id) throw notFound(`No store called ${f.store}`);
      where.push(sql`p.store_id = ${id}`);
    }
    let make = f.carmake;
    if (f.carmodel && !make) make = await repo.modelMake(f.carmodel);
    if (make || f.caryear) {
      const fit: SQL[] = [sql`f.product_id = p.prod_id`];
      if (make) fit.push(sql`f.make_id = ${make}`);
      if (f.carmodel) fit.push(sql`(f.model_id = ${f.carmodel} or f.model_id is null)`);
      if (f.caryear) fit.push(sql`f.year_from <= ${f.caryear} and f.year_to >= ${f.caryear}`);
      where.push(sql`exists (select 1 from product_fitments f where ${sql.join(fit, sql` and `)})`);
    }
    let condition = f.condition;
    let tsq: string | undefined;
    let partNumber: string | undefined;
    const text = f.prodName?.trim();
    if (text) {
      const parsed = parseSearch(text);
      condition ??= parsed.condition;
      partNumber = parsed.partNumber;
      if (parsed.tokens.length) {
        const c = await corrections(parsed.tokens);
        tsq = buildTsQuery(parsed.tokens, c.out, c.known);
      }
    }
    if (condition) where.push(sql`p.condition = ${condition}`);
    const ranked = Boolean(tsq || partNumber);
    const size = Math.min(f.pagesize || PAGE_MAX, PAGE_MAX);
    const rowsOut = await repo.page({
      where,
      tsq,
      partNumber,
      cursor: parseCursor(f.lastId, ranked),
      limit: size + 1,
      newestId: tsq && (await expected(tsq)) >= STAGE_FROM_MATCHES ? await newestId(0) : undefined,
    });
    const hasMore = rowsOut.length > size;
    const page = rowsOut.slice(0, size);
    const last = page[page.length - 1];
    return {
      status: true as const,
      items: page.map(toListItem),
      count: (f.count ?? 0) + page.length,
      lastId: last ? (ranked ? `${last.score}:${last.prod_id}` : String(last.prod_id)) : null,
      hasMore,
    };
  }

  const cachedList = memo(
    (key: string) => listUncached(Object.fromEntries(JSON.parse(key)) as ListFilters),
    opts.listCacheMs,
    500,
  );
  // Off (0), it keeps nothing to clear: another instance's cache on this database stays registered.
  if (opts.listCacheMs > 0) listCaches.set(db, cachedList);
  const list = (f: ListFilters) =>
    opts.listCacheMs > 0 ? cachedList(filterKey(f)) : listUncached(f);

  return {
    list,

    /** Header suggestions: up to 10 distinct names, best first. */
    async suggest(text: string) {
      const t = text.trim();
      if (t.length <= 3) throw badRequest(SEARCH_TOO_SHORT);
      const res = await list({ prodName: t, pagesize: 40 });
      const seen = new Set<string>();
      const items: { id: number; name: string }[] = [];
      for (const it of res.items) {
        if (seen.has(it.name)) continue;
        seen.add(it.name);
        items.push({ id: it.prod_id, name: it.name });
        if (items.length === 10) break;
      }
      return { status: true as const, items };
    },

    async detail(prodId: number) {
      const p = await repo.detail(prodId);
      if (!p) throw notFound(`No product with id ${prodId}`);
      return {
        prod_id: p.prod_id,
        id: p.prod_id,
        name: p.name,
        title: p.title,
        description: p.description,
        url: `/product/${p.prod_id}`,
        price: { price: naira(p.price_kobo)!, sales: naira(p.sales_kobo) },
        condition: p.condition,
        stock: p.stock,
        part_number: p.part_number,
        category: {
          cat_id: p.cat_id,
          name: p.cat_name,
          path: p.cat_path,
          parent: p.parent_id
            ? { cat_id: p.parent_id, name: p.parent_name, path: p.parent_path }
            : null,
        },
        images: (
          p.images as { key: string; width: number; height: number; placeholder: string }[]
        ).map((i) => ({
          src: imageUrl(i.key, 640),
          srcset: srcset(i.key),
          width: 640,
          height: 480,
          placeholder: i.placeholder,
          sizes: Object.fromEntries(WIDTHS.map((w) => [String(w), imageUrl(i.key, w)])),
        })),
        fitment: p.fitment,
        store: storeOut(p),
        created_at: new Date(p.created_at).toISOString(),
      };
    },

    async store(urlName: string, f: { pagesize?: number; lastId?: string; count?: number } = {}) {
      const st = await repo.storeByUrl(urlName);
      if (!st) throw notFound(`No store called ${urlName}`);
      const page = await list({
        store: urlName,
        pagesize: f.pagesize,
        lastId: f.lastId,
        count: f.count,
      });
      return { ...page, store: { ...storeOut(st), product_count: st.product_count } };
    },
  };
}

function storeOut(p: any) {
  return {
    id: p.store_id,
    name: p.store_name,
    url_name: p.url_name,
    logo: p.logo || storeLogoUrl(p.url_name),
    phones: p.phones ?? [],
    address: p.address,
    city: p.city,
    state: p.state,
    state_id: p.state_id,
    city_id: p.city_id,
    verified: p.verified,
    delivery_fee_in_state: naira(p.delivery_fee_in_state_kobo),
    delivery_fee_other_states: naira(p.delivery_fee_other_states_kobo),
  };
}
