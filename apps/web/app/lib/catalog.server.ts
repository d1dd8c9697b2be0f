import type { Api } from './api.ts';
import { notFound } from './api.server.ts';
import { hasSessionCookie, type Option } from '@sf/shared';
import { fitsById, readFitChoice } from './fit.ts';
import { loadFit } from './fit.server.ts';
import type { CardRating } from './reviews.ts';
import {
  listPath,
  readCursor,
  readFilters,
  toProductPage,
  type FilterOptions,
  type PartsFilters,
} from './catalog.ts';
import { applyPlace, loadPlace } from './place.server.ts';

/** Everything a parts list page needs from its URL: filters, options, one page of products. */
export async function loadPartsList(api: Api, request: Request, catId: number) {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const cursor = readCursor(url.searchParams);
  const placeNote = applyPlace(
    url.searchParams,
    filters,
    await loadPlace(api, request, hasSessionCookie(request.headers.get('cookie'))),
  );
  const { near, nearCity } = placeNote;
  const choice = readFitChoice(url.searchParams);
  // 'Only parts that fit' is the list's own car filter, set from the chosen car of My cars.
  const mine = choice.fitsOnly ? await loadFit(api, request, [], choice.carId) : null;
  const car = mine?.car;
  if (car) {
    filters.carmake = String(car.makeId);
    if (car.modelId) filters.carmodel = String(car.modelId);
    else delete filters.carmodel;
    if (car.year) filters.caryear = String(car.year);
    else delete filters.caryear;
  }
  const [page, options] = await Promise.all([
    api.get(listPath(catId, { ...filters, near, nearCity }, cursor)).then(toProductPage),
    loadFilterOptions(api.lookup, filters),
  ]);
  const fit = page.items.length
    ? await loadFit(
        api,
        request,
        page.items.map((p) => p.prod_id),
        choice.carId,
      )
    : (mine ?? (await loadFit(api, request, [], choice.carId)));
  const verdicts = fitsById(fit);
  const ratings = await loadRatings(
    api,
    page.items.map((p) => p.prod_id),
  );
  for (const p of page.items) {
    p.myFit = verdicts[p.prod_id] ?? null;
    p.rating = ratings[p.prod_id] ?? null;
  }
  return {
    filters,
    page,
    options,
    catId,
    fit: fit ? { car: fit.car, cars: fit.cars, fitsOnly: Boolean(car) } : null,
    placeNote,
  };
}

/**
 * Cards' ratings by product id (empty when the answer fails: the cards show none). A part whose
 * product and store have no rating yet is left out: its card shows none either, and a page of 50
 * cards carries 150 fewer objects for the browser to decode before it can hydrate.
 */
export async function loadRatings(api: Api, ids: number[]): Promise<Record<number, CardRating>> {
  if (!ids.length) return {};
  const ans = await api.get(`/api/reviews/summary?products=${ids.slice(0, 60).join(',')}`);
  if (!ans.status) return {};
  return Object.fromEntries(
    ans.items
      .filter((i) => i.product.count > 0 || i.store.count > 0)
      .map((i) => [i.prod_id, { product: i.product, store: i.store }]),
  );
}

/** A positive integer id from a route param, or the 404 page. */
export function idParam(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound(`${what} not found`);
  return Number(raw);
}

type Lookup = <T = Option<number>>(path: string) => Promise<T[]>;

/**
 * The options the filter panel needs for the values in the URL, so every select works with
 * JavaScript off: cities of the chosen state, models of the chosen make, years of the model.
 */
export async function loadFilterOptions(lookup: Lookup, f: PartsFilters): Promise<FilterOptions> {
  const [states, cities, cats, makes, models, years] = await Promise.all([
    lookup('/api/database/states/NG'),
    f.regionId ? lookup(`/api/database/cities/${f.regionId}`) : Promise.resolve([]),
    lookup<{ cat_id: number; name: string }>('/api/categories/getByParentId/0'),
    lookup('/api/database/cars/make'),
    f.carmake ? lookup(`/api/database/cars/model/${f.carmake}`) : Promise.resolve([]),
    f.carmodel ? lookup(`/api/database/cars/year/${f.carmodel}`) : Promise.resolve([]),
  ]);
  return {
    states,
    cities,
    categories: cats.map((c) => ({ label: c.name, value: c.cat_id })),
    makes,
    models,
    years,
  };
}
