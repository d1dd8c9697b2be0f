import { useLocation } from 'react-router';
import type { Option } from '@sf/shared';
import type { Api } from '../../lib/api.ts';
import { fetchPage, KINDS, readFilters, type ProviderKind } from '../../lib/providers.ts';
import { HomeTabs } from '../home-tabs.tsx';
import { ProviderFilters } from './provider-filters.tsx';
import { ProviderList } from './provider-list.tsx';

const int = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) ? v : undefined);

/** The loader of /mechanics and /towvans. */
export async function loadProviderList(kind: ProviderKind, api: Api, request: Request) {
  const url = new URL(request.url);
  const filters = readFilters(kind, url);
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
    fetchPage(api, kind, { ...filters, pagesize, lastId: after }),
  ]);
  return {
    kind,
    filters,
    pagesize,
    after,
    lookups: { states, tags, vehicleTypes, cities },
    page,
    error: page.ok ? undefined : (page.message ?? 'Please try again.'),
  };
}

export type ProviderListData = Awaited<ReturnType<typeof loadProviderList>>;

export function ProviderListPage({ data, intro }: { data: ProviderListData; intro: string }) {
  const location = useLocation();
  const k = KINDS[data.kind];
  return (
    <>
      <HomeTabs />
      <main id="main" className="container-page py-5">
        <h1 className="text-2xl font-bold">{k.title}</h1>
        <p className="mt-1 text-gray-700">{intro}</p>
        <div className="mt-4">
          <ProviderFilters
            key={location.search}
            kind={data.kind}
            filters={data.filters}
            lookups={data.lookups}
          />
        </div>
        <section aria-labelledby="results" className="mt-5">
          <h2 id="results" className="sr-only">
            Results
          </h2>
          <ProviderList
            key={location.search}
            kind={data.kind}
            filters={data.filters}
            page={data.page}
            pagesize={data.pagesize}
            after={data.after}
            error={data.error}
          />
        </section>
      </main>
    </>
  );
}
