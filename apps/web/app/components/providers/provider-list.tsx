import { useLocation } from 'react-router';
import { useState } from 'react';
import { browserApi, toQuery } from '../../lib/api.ts';
import {
  fetchPage,
  KINDS,
  isActive,
  type ProviderKind,
  type ProviderPage,
} from '../../lib/providers.ts';
import { ProviderCard } from './provider-card.tsx';
import { ExampleProviders } from './example-providers.tsx';
import { RequestPrompt } from '../requests/request-prompt.tsx';
import { REQUEST_KIND } from '../../lib/providers.ts';
import { Link } from '../link.tsx';

/**
 * Results with cursor paging (lastId = the last item's sp_id): the first page comes from the
 * loader; 'Load more' appends the next page with JavaScript, and is a plain link to ?lastId=…
 * without it.
 */
export function ProviderList({
  kind,
  filters,
  page,
  pagesize,
  after,
  error,
}: {
  kind: ProviderKind;
  filters: Record<string, string>;
  page: ProviderPage;
  pagesize?: string;
  after?: string;
  error?: string;
}) {
  const k = KINDS[kind];
  const location = useLocation();
  const [items, setItems] = useState(page.items);
  const [cursor, setCursor] = useState({ lastId: page.lastId, hasMore: page.hasMore });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [loadError, setLoadError] = useState('');
  const base = { ...filters, pagesize };

  const loadMore = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (busy || !cursor.lastId) return;
    setBusy(true);
    setLoadError('');
    const next = await fetchPage(browserApi, kind, { ...base, lastId: cursor.lastId });
    setBusy(false);
    if (!next.ok) return setLoadError(next.message ?? 'Could not load more. Please try again.');
    setItems((old) => [...old, ...next.items]);
    setCursor({ lastId: next.lastId, hasMore: next.hasMore });
    setStatus(`${next.items.length} more ${k.title.toLowerCase()} loaded.`);
  };

  if (error) {
    return (
      <div role="alert" className="card p-4">
        <p className="font-semibold">We could not load {k.title.toLowerCase()}.</p>
        <p className="text-sm text-gray-700">{error}</p>
        <Link
          to={`${location.pathname}${location.search}`}
          reloadDocument
          className="btn-ghost mt-3"
        >
          Try again
        </Link>
      </div>
    );
  }
  if (items.length === 0) {
    const ask = (
      <RequestPrompt
        kind={REQUEST_KIND[kind]}
        lead={`No ${k.singular} here yet?`}
        className="mt-3"
      />
    );
    if (!isActive(filters) && !after)
      return (
        <>
          {ask}
          <ExampleProviders kind={kind} />
        </>
      );
    return (
      <div className="card p-4">
        <p className="font-semibold">No {k.title.toLowerCase()} match these filters.</p>
        <p className="text-sm text-gray-700">
          Try another city, any day, or fewer filters. Or broadcast a request: it reaches the
          nearest {k.title.toLowerCase()} even outside your city.
        </p>
        <Link to={k.list} className="btn-ghost mt-3">
          Show all {k.title.toLowerCase()}
        </Link>
        {ask}
      </div>
    );
  }
  return (
    <>
      {after && (
        <p className="mb-2 text-sm">
          <Link to={`${k.list}${toQuery(base)}`} className="font-semibold text-brand-700 underline">
            Back to the first results
          </Link>
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${k.title} found`}>
        {items.map((p, i) => (
          <li key={p.sp_id} className="list-cell [contain-intrinsic-size:auto_13rem]">
            <ProviderCard p={p} eager={i < 4} />
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {loadError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {loadError}
        </p>
      )}
      {cursor.hasMore && cursor.lastId && (
        <div className="mt-4 flex justify-center">
          <a
            href={`${k.list}${toQuery({ ...base, lastId: cursor.lastId })}`}
            onClick={loadMore}
            className="btn-ghost min-w-48"
            aria-busy={busy}
          >
            {busy ? 'Loading…' : 'Load more'}
          </a>
        </div>
      )}
    </>
  );
}
