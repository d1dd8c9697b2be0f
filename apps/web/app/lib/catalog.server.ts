import type { Api } from './api.ts';
import { notFound } from './api.server.ts';
import type { Option } from '@sf/shared';
import {
  listPath,
  readCursor,
  readFilters,
  toProductPage,
  type FilterOptions,
  type PartsFilters,
} from './catalog.ts';

/** Everything a parts list page needs from its URL: filters, options, one page of products. */
export async function loadPartsList(api: Api, request: Request, catId: number) {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const cursor = readCursor(url.searchParams);
  const [page, options] = await Promise.all([
    api.get(listPath(catId, filters, cursor)).then(toProductPage),
    loadFilterOptions(api.lookup, filters),
  ]);
  return { filters, page, options, catId };
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
