import { memo } from 'react';
import { useLocation } from 'react-router';
import { KINDS } from '../../lib/providers.ts';
import type { ProviderListData } from '../../lib/providers.server.ts';
import { HomeTabs } from '../home-tabs.tsx';
import { PlaceBar } from '../place-bar.tsx';
import { ProviderFilters } from './provider-filters.tsx';
import { ProviderList } from './provider-list.tsx';
import { RequestPrompt } from '../requests/request-prompt.tsx';
import { REQUEST_KIND } from '../../lib/providers.ts';

/** Memoised: the router renders a page again once it learns its links' routes (decision 0039). */
export const ProviderListPage = memo(function ProviderListPage({
  data,
  intro,
}: {
  data: ProviderListData;
  intro: string;
}) {
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
        <div className="mt-3">
          <PlaceBar note={data.placeNote} noun={k.title.toLowerCase()} />
        </div>
        <section aria-labelledby="results" className="mt-5">
          <h2 id="results" className="sr-only">
            Results
          </h2>
          <ProviderList
            key={location.search}
            kind={data.kind}
            filters={{
              ...data.filters,
              ...(data.placeNote.near ? { near: data.placeNote.near } : {}),
              ...(data.placeNote.nearCity ? { nearCity: data.placeNote.nearCity } : {}),
            }}
            page={data.page}
            pagesize={data.pagesize}
            after={data.after}
            error={data.error}
          />
        </section>
        {data.page.items.length > 0 && (
          <RequestPrompt
            kind={REQUEST_KIND[data.kind]}
            lead={`Rather have ${k.title.toLowerCase()} come to you?`}
            className="mt-6"
          />
        )}
      </main>
    </>
  );
});
