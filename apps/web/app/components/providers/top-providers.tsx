import { memo } from 'react';
import { KINDS } from '../../lib/providers.ts';
import type { TopProvidersData } from '../../lib/providers.server.ts';
import { ProviderCard } from './provider-card.tsx';
import { ExampleProviders } from './example-providers.tsx';
import { Link } from '../link.tsx';

/**
 * 'Top mechanics' and 'Top tow vans' on the home page.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const TopProviders = memo(function TopProviders({ data }: { data: TopProvidersData }) {
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
});
