import type { Api } from './api.ts';
import { notFound } from './api.server.ts';
import { listPath, loadFilterOptions, readCursor, readFilters, toProductPage } from './catalog.ts';

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
