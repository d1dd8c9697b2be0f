import { Link } from 'react-router';
import type { Api } from '../../lib/api.ts';
import { KINDS, type ProviderItem, type ProviderKind } from '../../lib/providers.ts';
import { ProviderCard } from './provider-card.tsx';
import { ExampleProviders } from './example-providers.tsx';

export type TopProvidersData = Record<ProviderKind, ProviderItem[]>;

/** For the home loader: the first six of each kind (paying, then verified, first). */
export async function loadTopProviders(api: Api): Promise<TopProvidersData> {
  const [m, t] = await Promise.all([
    api.get<ProviderItem>('/api/providers/top?kind=mechanic&limit=6'),
    api.get<ProviderItem>('/api/providers/top?kind=towvan&limit=6'),
  ]);
  return { mechanic: m.status ? (m.items ?? []) : [], towvan: t.status ? (t.items ?? []) : [] };
}

/** 'Top mechanics' and 'Top tow vans' on the home page. */
export function TopProviders({ data }: { data: TopProvidersData }) {
  return (
    <>
      {(['mechanic', 'towvan'] as const).map((kind) => (
        <section key={kind} aria-labelledby={`top-${kind}`} className="container-page py-6">
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id={`top-${kind}`} className="text-lg font-bold">
              Top {KINDS[kind].title.toLowerCase()}
            </h2>
            <Link
              to={KINDS[kind].list}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
            >
              See all {KINDS[kind].title.toLowerCase()}
            </Link>
          </div>
          {data[kind].length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {data[kind].map((p, i) => (
                <li key={p.sp_id} className={i >= 3 ? 'hidden sm:block' : undefined}>
                  <ProviderCard p={p} />
                </li>
              ))}
            </ul>
          ) : (
            <ExampleProviders kind={kind} />
          )}
        </section>
      ))}
    </>
  );
}
