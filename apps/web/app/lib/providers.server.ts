import { hasSessionCookie, type Option } from '@sf/shared';
import { applyPlace, loadPlace } from './place.server.ts';
import type { Api } from './api.ts';
import { notFound, throwUnlessOk } from './api.server.ts';
import {
  fetchPage,
  KINDS,
  readFilters,
  type ProviderItem,
  type ProviderKind,
} from './providers.ts';

const int = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) ? v : undefined);

/** The loader of /mechanics and /towvans. */
export async function loadProviderList(kind: ProviderKind, api: Api, request: Request) {
  const url = new URL(request.url);
  const filters = readFilters(kind, url);
  const placeNote = applyPlace(
    url.searchParams,
    filters,
    await loadPlace(api, request, hasSessionCookie(request.headers.get('cookie'))),
  );
  const pagesize = int(url.searchParams.get('pagesize'));
  const after = int(url.searchParams.get('lastId'));
  const k = KINDS[kind];
  const [states, tags, vehicleTypes, cities, page] = await Promise.all([
    api.lookup<Option<number>>('/api/database/states/NG'),
    api.lookup<Option<number>>(k.tagLookup),
    api.lookup<Option<number>>('/api/database/vehicleType'),
    int(filters.regionId)
      ? api.lookup<Option<number>>(`/api/database/cities/${filters.regionId}`)
      : Promise.resolve([]),
    fetchPage(api, kind, {
      ...filters,
      near: placeNote.near,
      nearCity: placeNote.nearCity,
      pagesize,
      lastId: after,
    }),
  ]);
  return {
    kind,
    filters,
    pagesize,
    after,
    lookups: { states, tags, vehicleTypes, cities },
    page,
    placeNote,
    error: page.ok ? undefined : (page.message ?? 'Please try again.'),
  };
}

export type ProviderListData = Awaited<ReturnType<typeof loadProviderList>>;

/** The loader of /mechanic/:id and /towvan/:id: a missing or wrong-kind id is a 404 page. */
export async function loadProvider(kind: ProviderKind, api: Api, id: string | undefined) {
  const k = KINDS[kind];
  if (!id || !/^\d{1,9}$/.test(id))
    throw notFound(`No ${k.singular} with id ${String(id).slice(0, 20)}`);
  const [ans, reviews] = await Promise.all([
    kind === 'mechanic' ? api.get(`/api/mechanics/${id}`) : api.get(`/api/towvans/${id}`),
    api.get(`/api/providers/${id}/reviews`),
  ]);
  throwUnlessOk(ans, {
    what: k.singular,
    missing: `No ${k.singular} with id ${id}`,
    invalidIsMissing: true,
  });
  return {
    provider: ans.item,
    // A failed reviews answer leaves them out, never the page.
    reviews: reviews.status ? reviews : null,
  };
}

export type TopProvidersData = Record<ProviderKind, ProviderItem[]>;

/** For the home loader: the first six of each kind (paying, then verified, first). */
export async function loadTopProviders(api: Api): Promise<TopProvidersData> {
  const [m, t] = await Promise.all([
    api.get('/api/providers/top?kind=mechanic&limit=6'),
    api.get('/api/providers/top?kind=towvan&limit=6'),
  ]);
  return { mechanic: m.status ? m.items : [], towvan: t.status ? t.items : [] };
}
