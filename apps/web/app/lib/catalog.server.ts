import { data } from 'react-router';
import type { Api } from './api.ts';
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

/** Throws the 404 page when an API answer says the record is missing. */
export function notFoundIf(
  ans: { status: boolean; code?: unknown; message?: string },
  what: string,
) {
  if (ans.status) return;
  const missing =
    ans.code === 404 || ans.code === 'NOT_FOUND' || ans.code === 'BAD_REQUEST' || ans.code === 400;
  if (missing)
    throw data(
      { message: ans.message || `${what} not found` },
      { status: 404, statusText: 'Not Found' },
    );
  throw data(
    { message: ans.message || `We could not load this ${what.toLowerCase()}.` },
    { status: 503, statusText: 'Service Unavailable' },
  );
}

/** A positive integer id from a route param, or the 404 page. */
export function idParam(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,9}$/.test(raw))
    throw data({ message: `${what} not found` }, { status: 404, statusText: 'Not Found' });
  return Number(raw);
}
