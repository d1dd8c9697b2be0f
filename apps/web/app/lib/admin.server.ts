import type { Category, Profile } from '@sf/api/types';
import { data } from 'react-router';
import { formStatus, notFound, serverApi, throwUnlessOk } from './api.server.ts';
import { requireUser } from './auth.server.ts';
import type { OkOf } from './api.ts';
import type { FormResult } from './form-result.ts';

/** Every admin loader checks the role itself too: layout and page loaders run in parallel. */
export const requireAdmin = (request: Request, context: unknown) =>
  requireUser(request, context, ['Admin']);

export async function adminUsers(context: unknown, role?: string) {
  const ans = await serverApi(context).get<Profile>(
    `/api/admin/users${role ? `?role=${encodeURIComponent(role)}&pagesize=200` : ''}`,
  );
  throwUnlessOk(ans, { what: 'User list' });
  return {
    items: ans.items ?? [],
    counts: (ans.counts ?? {}) as Record<string, number>,
    total: Number(ans.total ?? 0),
  };
}

export async function categories(context: unknown, parentId: number) {
  const ans = await serverApi(context).get<Category>(`/api/categories/getByParentId/${parentId}`);
  throwUnlessOk(ans, { what: 'Category', invalidIsMissing: true });
  return ans.items ?? [];
}

/**
 * An admin API answer a page needs, or the page's error (404 for a record that is not there).
 * Typed by the API's route map; `T` only shapes the answer of a route not mapped yet.
 */
export async function adminGet<T = Record<string, unknown>, S extends string = string>(
  context: unknown,
  path: S,
  what: string,
) {
  const ans = await serverApi(context).get(path);
  throwUnlessOk(ans, { what, invalidIsMissing: true });
  // The one cast: a generic path's answer type stays unresolved inside this function.
  return ans as unknown as OkOf<'GET', S, T>;
}

/**
 * A staff form's change sent to the API: the answer's message either way, with the API's own
 * status on a refusal (400 with field messages, 409 …) so the page says what to do.
 */
export async function adminSubmit(
  context: unknown,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
) {
  const api = serverApi(context);
  const ans = method === 'POST' ? await api.post(path, body) : await api.patch(path, body);
  const result: FormResult = {
    ok: ans.status,
    message: ans.message || (ans.status ? 'Saved' : 'That did not work: please try again'),
    fields: (ans.fields as Record<string, string> | undefined) ?? undefined,
  };
  return ans.status ? result : data(result, { status: formStatus(ans) });
}

/** A record id from the URL; anything else is that record's 404. */
export function adminIdParam(raw: string | undefined, noun: string) {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound(`No ${noun} ${raw}`);
  return id;
}

/**
 * The verify and suspend forms of a store or a mechanic/tow-van listing, sent to the API at
 * `base` (`/api/admin/stores/7`); undefined when the form asked for something else.
 */
export function standingAction(context: unknown, form: FormData, base: string) {
  const intent = field(form, 'intent');
  const note = field(form, 'note');
  if (intent === 'verify' || intent === 'unverify')
    return adminSubmit(context, 'POST', `${base}/verify`, { verified: intent === 'verify', note });
  if (intent === 'suspend' || intent === 'unsuspend')
    return adminSubmit(context, 'POST', `${base}/suspend`, {
      suspended: intent === 'suspend',
      note,
      ...(form.get('confirm') ? { confirm: 'on' } : {}),
    });
  return undefined;
}

/** The text of a form field ('' when missing). */
export const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The query string of a list page's filters, without empty ones, plus a cursor. */
export function listQuery(url: URL, names: readonly string[]) {
  const q = new URLSearchParams();
  for (const n of [...names, 'lastId']) {
    const v = url.searchParams.get(n)?.trim();
    if (v) q.set(n, v);
  }
  return q;
}

export const PRODUCT_FILTERS = ['q', 'store', 'catId', 'condition', 'active'] as const;

/** A page of every product for staff, filtered by the page's query (and `fixed`, e.g. a category). */
export async function loadAdminProducts(
  context: unknown,
  url: URL,
  fixed: Record<string, string> = {},
) {
  const query = listQuery(url, PRODUCT_FILTERS);
  for (const [k, v] of Object.entries(fixed)) query.set(k, v);
  const ans = await adminGet(context, `/api/admin/products?${query}`, 'Product list');
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

/** The whole category tree for staff (with product and sub-category counts). */
export async function adminCategories(context: unknown) {
  return (await adminGet(context, '/api/admin/categories', 'Categories')).items;
}
