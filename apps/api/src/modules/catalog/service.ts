import { nearFor } from '../lookups/neighbours.ts';
import type { Db } from '@sf/db';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cacheRegistry, LIST_MAX_STALE_MS, memo } from '../../lib/cache.ts';
import { storeLogoUrl } from '../images/urls.ts';
import {
  categoriesRepository,
  productsRepository,
  type CategoryRow,
  EXACT_FIT,
  type ProductFilter,
} from './repository.ts';
import { searchPlanner, type SearchQuery } from './search.ts';
import { carTakes, categoriesByRule, specsOf } from './fitment.ts';
import { toCategory, toCategoryFamily, toDetail, toListItem, toStore } from './view.ts';
import type { Category } from './types.ts';

export const PAGE_MAX = 50;
export const SEARCH_TOO_SHORT = 'Search text should be more than 3 characters';

/** The category caches of every service on a database: staff edits of the tree clear them all. */
const categoryCaches = cacheRegistry<Db>();
export const invalidateCategories = (db: Db) => categoryCaches.clear(db);

/** `read` answers the queries (a replica); `db` names the caches that writers clear. */
export function categoriesService(db: Db, read: Db = db) {
  const repo = categoriesRepository(read);
  let all: Promise<Map<number, CategoryRow>> | undefined;
  const byId = () =>
    (all ??= repo
      .all()
      .then((r) => new Map(r.map((c) => [c.catId, c])))
      .catch((e) => {
        all = undefined;
        throw e;
      }));
  // Categories change only through the admin area, which clears these (invalidateCategories).
  const byParent = memo(async (parentId: number): Promise<Category[]> => {
    if (parentId !== 0 && !(await repo.one(parentId)))
      throw notFound(`No category with id ${parentId}`);
    return (await repo.byParent(parentId)).map(toCategory);
  }, 60_000);
  categoryCaches.add(db, {
    clear: () => {
      all = undefined;
      byParent.clear();
    },
  });
  return {
    /** Children of a category; 0 gives the top categories. */
    byParent,
    /** A category with its parent and children. */
    async withFamily(catId: number) {
      const c = (await byId()).get(catId);
      if (!c) throw notFound(`No category with id ${catId}`);
      const p = c.parentId ? (await byId()).get(c.parentId) : undefined;
      return toCategoryFamily(c, p, await this.byParent(catId));
    },
    /** Child category ids by fitment rule (fitment.ts). */
    byRule: async () => categoriesByRule([...(await byId()).values()]),
    /** Cached lookup (categories are reference data). */
    get: async (catId: number) => (await byId()).get(catId),
    /** Whether some category is drawn with this image name (its tile exists). */
    hasImage: async (image: string) => [...(await byId()).values()].some((c) => c.image === image),
    /** The image names drawn as tiles (not staff uploads), each once, in name order. */
    tileImages: async () =>
      [...new Set([...(await byId()).values()].map((c) => c.image))]
        .filter((image) => !image.startsWith('/images/logos/'))
        .sort(),
    one: repo.one,
  };
}

/** Whether some store is shown with the initials tile of this name (drawn from the name). */
export const storeHasTile = (db: Db, name: string) =>
  productsRepository(db).hasStoreTile(name, storeLogoUrl(name));

/** The main picture of a public product (key null: none); undefined: no such public product. */
export const productMainPicture = (db: Db, prodId: number) =>
  productsRepository(db).mainPicture(prodId);

/** The parts filters of the API (query names), after validation. */
export interface ListFilters {
  catId?: number;
  regionId?: number;
  near?: number;
  nearCity?: number;
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

/** Parses a cursor: 'prodId' (newest-first lists) or 'score:prodId' (ranked search). */
function parseCursor(lastId: string | undefined, ranked: boolean) {
  if (!lastId) return undefined;
  const m = /^(?:(-?\d{1,15}):)?(\d{1,10})$/.exec(lastId);
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
 * allow 30 s of shared caching, so this adds no staleness a visitor could not already see: an expired
 * answer is still given while one query refreshes it, up to LIST_MAX_STALE_MS after it was read (and
 * never after a clear). Writers of products or stores call invalidateCatalogLists(db).
 */
const listCaches = cacheRegistry<Db>();
export const invalidateCatalogLists = (db: Db) => listCaches.clear(db);
/** Every process of every machine (through the bus) hears a clear: see catalog routes. */
export const CATALOG_LISTS_CLEAR = 'sys:catalog-lists-clear';
export const relayCatalogListClears = (db: Db, fn: () => void) => listCaches.relay(db, fn);
export const clearCatalogListsHere = (db: Db) => listCaches.clearHere(db);
/** The same filters in any order give the same key. */
const filterKey = (f: ListFilters) =>
  JSON.stringify(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

export function productsService(db: Db, opts: { listCacheMs: number; read?: Db }) {
  const repo = productsRepository(opts.read ?? db);
  const cats = categoriesService(db, opts.read);
  const planner = searchPlanner(repo);
  // Car names change only with reference data: an hour.
  const carNames = memo(
    (key: string) => {
      const [make, model] = key.split(':').map(Number);
      return repo.carNames(make, model || undefined);
    },
    3_600_000,
    2000,
  );

  /** The API's filters as the repository's: names resolved to ids, unknown ones refused. */
  async function resolve(f: ListFilters): Promise<ProductFilter> {
    const out: ProductFilter = { stateId: f.regionId, cityId: f.city };
    out.near = await nearFor(db, f);
    const catId = f.partcategory || f.catId || 0;
    if (catId) {
      const c = await cats.get(catId);
      if (!c) throw notFound(`No category with id ${catId}`);
      out.category = { catId, top: c.parentId === 0 };
    }
    if (f.store) {
      const id = await repo.storeIdByUrl(f.store);
      if (!id) throw notFound(`No store called ${f.store}`);
      out.storeId = id;
    }
    // A model without its make: the model's make (an unknown model filters nothing).
    out.makeId = f.carmake || (f.carmodel ? await repo.modelMake(f.carmodel) : undefined);
    out.modelId = f.carmodel;
    out.year = f.caryear;
    if (out.makeId || out.year) {
      // A car chosen: its own parts, then parts for most cars; tyres, wheels and batteries by size.
      const rules = await cats.byRule();
      const names = out.makeId ? await carNames(`${out.makeId}:${out.modelId ?? 0}`) : undefined;
      out.car = {
        byFitment: rules.model,
        universal: rules.universal,
        bySpec: [...rules.tyre, ...rules.rim, ...rules.battery],
        specs: names?.model ? specsOf(carTakes(names.make, names.model)) : [],
      };
    }
    return out;
  }

  /**
   * The search text with the car it names (car-in-text.ts) applied as the car filters, as if chosen
   * there. A car chosen in the filters wins: text naming another make or model stays text.
   */
  async function withTextCar(f: ListFilters, text: string | undefined) {
    if (!text) return { f, search: {} as SearchQuery };
    const search = await planner.query(text);
    const car = search.car;
    if (!car) return { f, search };
    const make = f.carmake || (f.carmodel ? await repo.modelMake(f.carmodel) : undefined);
    const agrees =
      (!make || make === car.makeId) &&
      (!f.carmodel || !car.modelId || f.carmodel === car.modelId) &&
      (!f.caryear || !car.year || f.caryear === car.year);
    if (!agrees) return { f, search: await planner.query(text, { car: false }) };
    return {
      f: {
        ...f,
        carmake: make ?? car.makeId,
        carmodel: f.carmodel ?? car.modelId,
        caryear: f.caryear ?? car.year,
      },
      search,
    };
  }

  /**
   * `readCar`: read a car out of the words (withTextCar). When the car read from the words finds
   * nothing on the first page, the words are searched as text instead: a listing that names the
   * car in its title without saying which cars it fits is still found by its words.
   */
  async function listUncached(
    given: ListFilters,
    readCar = true,
  ): Promise<{
    status: true;
    items: ReturnType<typeof toListItem>[];
    count: number;
    lastId: string | null;
    hasMore: boolean;
  }> {
    const text = given.prodName?.trim();
    const { f, search } = readCar
      ? await withTextCar(given, text)
      : {
          f: given,
          search: text ? await planner.query(text, { car: false }) : ({} as SearchQuery),
        };
    const filter = await resolve(f);
    filter.condition = f.condition ?? search.condition;
    filter.spec = search.tyreSize;
    // A tyre size alone is a filter: newest first (or by fit, with a car).
    // A list by nearness is paged by its (nearness, prod_id) key like a ranked one.
    const near = !search.tsq && !search.partNumber && !filter.car && filter.near;
    const ranked = Boolean(search.tsq || search.partNumber || filter.car || near);
    const size = Math.min(f.pagesize || PAGE_MAX, PAGE_MAX);
    const cursor = parseCursor(f.lastId, ranked);
    const rowsOut = await repo.page({
      filter,
      tsq: search.tsq,
      partNumber: search.partNumber,
      cursor,
      limit: size + 1,
      newestId: await planner.stagesFrom(search.tsq),
    });
    if (readCar && search.car && rowsOut.length === 0 && !f.lastId)
      return listUncached(given, false);
    const hasMore = rowsOut.length > size;
    const page = rowsOut.slice(0, size);
    const last = page[page.length - 1];
    return {
      status: true as const,
      items: page.map((r) =>
        toListItem(r, filter.car ? ((r.score ?? 0) >= EXACT_FIT ? 'exact' : 'universal') : null),
      ),
      count: (f.count ?? 0) + page.length,
      lastId: last ? (ranked ? `${last.score}:${last.prod_id}` : String(last.prod_id)) : null,
      hasMore,
    };
  }

  const cachedList = memo(
    (key: string) => listUncached(Object.fromEntries(JSON.parse(key)) as ListFilters),
    opts.listCacheMs,
    500,
    Math.max(0, LIST_MAX_STALE_MS - opts.listCacheMs),
    { name: 'catalog-list' },
  );
  // Off (0), it keeps nothing to clear.
  if (opts.listCacheMs > 0) listCaches.add(db, cachedList);
  const list = (f: ListFilters) =>
    opts.listCacheMs > 0 ? cachedList(filterKey(f)) : listUncached(f);

  return {
    list,

    /**
     * Which of `prodIds` this list would show (a saved search: the alerts module), read as list()
     * reads it: the car named by the words applied as fitment, and a listing whose words name the
     * car without its fitment also matching by its words.
     */
    async matching(given: ListFilters, prodIds: number[]): Promise<number[]> {
      if (prodIds.length === 0) return [];
      const text = given.prodName?.trim();
      const once = async (readCar: boolean) => {
        const { f, search } = readCar
          ? await withTextCar(given, text)
          : {
              f: given,
              search: text ? await planner.query(text, { car: false }) : ({} as SearchQuery),
            };
        const filter = await resolve(f);
        filter.condition = f.condition ?? search.condition;
        filter.spec = search.tyreSize;
        const found = await repo.matchIds(
          { filter, tsq: search.tsq, partNumber: search.partNumber },
          prodIds,
        );
        return { found, car: Boolean(search.car) };
      };
      const first = await once(true);
      if (!first.car || first.found.length === prodIds.length) return first.found;
      const second = await once(false);
      return [...new Set([...first.found, ...second.found])];
    },

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
      return toDetail(p);
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
      return { ...page, store: { ...toStore(st), product_count: st.product_count } };
    },
  };
}
