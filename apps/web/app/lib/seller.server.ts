import { data } from 'react-router';
import type { Option } from '@sf/shared';
import { notFound, serverApi, throwUnlessOk } from './api.server.ts';
import type { ImportItem } from '@sf/api/types';
import type { NeedsYouData } from '../components/seller/needs-you.tsx';
import type { AnswerOf, AnyAnswer } from './api.ts';
import { requireUser } from './auth.server.ts';
import { signedIn } from './signed-in.server.ts';
import {
  draftOf,
  figureDays,
  readProductFilters,
  type CategoryTree,
  type ProductDraft,
  type SellerProduct,
  type StoreProfile,
} from './seller.ts';

/** A user who owns no store and may not open one (an Admin): the API's 403, as the page. */
function refuseForbidden(ans: AnyAnswer) {
  if (!ans.status && ans.httpStatus === 403)
    throw data(
      { message: ans.message ?? 'Your account has no store' },
      { status: 403, statusText: 'Forbidden' },
    );
}

/** Places for the store form: the states, and the cities of the chosen state. */
export async function loadPlaces(context: unknown, stateId: number | string | null | undefined) {
  const api = serverApi(context);
  const [states, cities] = await Promise.all([
    api.lookup<Option<number>>('/api/database/states/NG'),
    stateId ? api.lookup<Option<number>>(`/api/database/cities/${stateId}`) : Promise.resolve([]),
  ]);
  return { states, cities };
}

/**
 * /user/store: the store's details, its figures over ?days=7|30|90 and its money. A seller
 * without a store gets the form to open one (and no figures).
 */
export async function loadDashboard(request: Request, context: unknown) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const url = new URL(request.url);
  const days = figureDays(url.searchParams.get('days'));
  // The day-by-day table shows its newest rows on a phone; ?table=all shows them all.
  const tableAll = url.searchParams.get('table') === 'all';
  const api = serverApi(context);
  const profile = signedIn(request, await api.get('/api/store/profile'));
  refuseForbidden(profile);
  throwUnlessOk(profile, { what: 'Store' });
  const store = (profile.store ?? null) as StoreProfile | null;
  const suggestion = (profile.suggestion ?? null) as { name: string; urlName: string } | null;
  const [figures, money, places, disputes, reviews] = await Promise.all([
    store ? api.get(`/api/store/dashboard?days=${days}`) : null,
    store ? api.get('/api/store/balance') : null,
    loadPlaces(context, store?.stateId),
    store ? api.get('/api/disputes') : null,
    store ? api.get('/api/store/reviews') : null,
  ]);
  if (figures) throwUnlessOk(signedIn(request, figures), { what: 'Store figures' });
  return {
    days,
    tableAll,
    store,
    suggestion,
    figures: figures?.status ? figures : null,
    money: money?.status ? money : null,
    places,
    needsYou: needsYou(disputes, reviews),
  };
}

/** What waits for the seller, from their disputes and their store's reviews; null if unknown. */
function needsYou(
  disputes: AnswerOf<'GET', '/api/disputes'> | null,
  reviews: AnswerOf<'GET', '/api/store/reviews'> | null,
): NeedsYouData | null {
  if (!disputes?.status) return null;
  const open = disputes.items.filter((d) => d.viewer === 'seller' && d.status !== 'resolved');
  return {
    disputesOpen: disputes.storeOpen ?? open.length,
    disputes: open.slice(0, 3),
    reviewsToAnswer: reviews?.status ? reviews.items.filter((r) => !r.answer).length : 0,
    reviewsCount: reviews?.status ? (reviews.rating?.count ?? 0) : 0,
  };
}

/** The category picker's tree. */
export async function loadCategoryTree(context: unknown): Promise<CategoryTree> {
  const ans = await serverApi(context).get('/api/store/categories');
  return ans.status ? (ans.items as CategoryTree) : [];
}

/** /user/store/products: one page of the store's products for the filters in the URL. */
export async function loadProductList(request: Request, context: unknown) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const url = new URL(request.url);
  const filters = readProductFilters(url.searchParams);
  const lastId = url.searchParams.get('lastId');
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (lastId && /^[A-Za-z0-9_-]{1,300}$/.test(lastId)) q.set('lastId', lastId);
  const api = serverApi(context);
  const [list, categories] = await Promise.all([
    api.get(q.size ? `/api/store/products?${q}` : '/api/store/products'),
    loadCategoryTree(context),
  ]);
  signedIn(request, list);
  // No store yet: the dashboard is where one is opened.
  if (!list.status && list.httpStatus === 403) return { noStore: true as const, filters };
  throwUnlessOk(list, { what: 'Product list' });
  return {
    noStore: false as const,
    filters,
    paged: Boolean(q.get('lastId')),
    list,
    categories,
  };
}

/** The makes, and the models of each make chosen in the form (so every select works without JavaScript). */
export async function loadFitmentOptions(context: unknown, draft: ProductDraft) {
  const api = serverApi(context);
  const makeIds = [...new Set(draft.fitments.map((f) => f.makeId).filter((m) => /^\d+$/.test(m)))];
  const [makes, ...models] = await Promise.all([
    api.lookup<Option<number>>('/api/database/cars/make'),
    ...makeIds.map((m) => api.lookup<Option<number>>(`/api/database/cars/model/${m}`)),
  ]);
  return { makes, models: Object.fromEntries(makeIds.map((m, i) => [m, models[i]])) };
}

/** /user/store/product/:id: the product (none for id 0: a new one) and the form's options. */
export async function loadProductForm(request: Request, context: unknown, raw: string | undefined) {
  await requireUser(request, context, ['Seller', 'Admin']);
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
    throw notFound('Product not found');
  const id = Number(raw);
  const api = serverApi(context);
  let product: SellerProduct | null = null;
  if (id > 0) {
    const ans = signedIn(request, await api.get(`/api/store/products/${id}`));
    refuseForbidden(ans);
    throwUnlessOk(ans, {
      what: 'Product',
      missing: 'You have no product with this number',
      invalidIsMissing: true,
    });
    product = ans.item as SellerProduct;
  } else {
    const profile = signedIn(request, await api.get('/api/store/profile'));
    refuseForbidden(profile);
    throwUnlessOk(profile, { what: 'Store' });
    if (!profile.store) return { noStore: true as const };
  }
  const draft = draftOf(product);
  const [categories, options] = await Promise.all([
    loadCategoryTree(context),
    loadFitmentOptions(context, draft),
  ]);
  return {
    noStore: false as const,
    id,
    product,
    draft,
    categories,
    options,
    saved: new URL(request.url).searchParams.get('saved'),
  };
}

/**
 * /user/store/products/import: the store's latest imports and the one named by ?id= (its
 * progress or its report); ?uploadError= is the code of a refused upload (a form without
 * JavaScript comes back with it).
 */
export async function loadImportPage(request: Request, context: unknown) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  const api = serverApi(context);
  const list = signedIn(request, await api.get('/api/store/imports'));
  if (!list.status && list.httpStatus === 403) return { noStore: true as const };
  throwUnlessOk(list, { what: 'Imports' });
  let current: ImportItem | null = null;
  if (id) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('You have no import with this id');
    const one = signedIn(request, await api.get(`/api/store/imports/${id}`));
    throwUnlessOk(one, { what: 'Import', missing: 'You have no import with this id' });
    current = one.item as ImportItem;
  }
  return {
    noStore: false as const,
    imports: (list.items ?? []) as ImportItem[],
    current,
    uploadError: url.searchParams.get('uploadError'),
  };
}
