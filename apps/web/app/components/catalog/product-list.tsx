import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { noun as nounFor, plural } from '@sf/shared';
import { browserApi } from '../../lib/api.ts';
import { toProductPage, type ProductItem, type ProductPage } from '../../lib/catalog.ts';
import { fitPath, fitsById } from '../../lib/fit.ts';
import { AlertIcon, ResetIcon } from '../icons.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { Link } from '../link.tsx';

// The first row: on a 360 px phone the list starts under the filters button and chips, so the
// first screen shows two cards; more eager pictures only compete with the first one (the LCP).
const EAGER = 2;

export function ProductGrid({ items, children }: { items: ProductItem[]; children?: ReactNode }) {
  return (
    <ul
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5"
      data-testid="product-list"
    >
      {items.map((p, i) => (
        <li key={p.prod_id} className="list-cell">
          <ProductCard p={p} eager={i < EAGER} />
        </li>
      ))}
      {children}
    </ul>
  );
}

export function ListSkeleton({ n = 8 }: { n?: number }) {
  return (
    <div role="status" aria-label="Loading parts">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5">
        {Array.from({ length: n }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ListError({ message, retryTo }: { message: string; retryTo: string }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-6 text-center">
      <AlertIcon size={32} className="text-red-700" />
      <p className="font-semibold">We could not load the parts.</p>
      <p className="text-sm text-gray-700">{message}</p>
      <Link to={retryTo} className="btn-primary">
        <ResetIcon size={18} />
        Try again
      </Link>
    </div>
  );
}

/**
 * A product list of 50 with "Load more". Without JavaScript the button is a plain link to the
 * next page (?lastId=…); with it, the next page is fetched and appended (the first load
 * replaces the list, later loads append). The parent keys this component on the URL, so a new
 * search starts afresh.
 */
export function ProductList({
  page,
  apiPath,
  empty,
  noun = ['part', 'parts'],
  fitCarId,
}: {
  /** The signed-in buyer's chosen car: loaded pages get its fit verdicts too. */
  fitCarId?: string;
  page: ProductPage & { error: string | null };
  apiPath: (lastId: string | null) => string;
  empty: ReactNode;
  /** What the list counts, singular and plural. */
  noun?: [string, string];
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const here = location.pathname + location.search;
  const [items, setItems] = useState(page.items);
  const [more, setMore] = useState({ lastId: page.lastId, hasMore: page.hasMore });
  const [state, setLoadState] = useState<{ loading: boolean; error: string | null; added: number }>(
    { loading: false, error: null, added: 0 },
  );
  const firstNew = useRef<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // A filter or page change on this path: show the skeleton until the new list arrives.
  if (
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    navigation.location.search !== location.search
  ) {
    return <ListSkeleton />;
  }
  if (page.error) return <ListError message={page.error} retryTo={here} />;
  if (items.length === 0) return <>{empty}</>;

  const nextParams = new URLSearchParams(params);
  if (more.lastId != null) nextParams.set('lastId', String(more.lastId));
  const nextHref = `${location.pathname}?${nextParams.toString()}`;

  const loadMore = async (e: MouseEvent) => {
    e.preventDefault();
    if (state.loading) return;
    setLoadState({ loading: true, error: null, added: 0 });
    const next = toProductPage(await browserApi.get(apiPath(more.lastId)));
    if (next.error) {
      setLoadState({ loading: false, error: next.error, added: 0 });
      return;
    }
    const seen = new Set(items.map((p) => p.prod_id));
    const fresh = next.items.filter((p) => !seen.has(p.prod_id));
    if (fitCarId && fresh.length) {
      const fit = await browserApi.get(fitPath(fresh.map((p) => p.prod_id).slice(0, 60), fitCarId));
      const byId = fitsById(fit.status ? fit : null);
      for (const p of fresh) p.myFit = byId[p.prod_id] ?? null;
    }
    firstNew.current = fresh[0]?.prod_id ?? null;
    setItems([...items, ...fresh]);
    setMore({ lastId: next.lastId, hasMore: next.hasMore && fresh.length > 0 });
    setLoadState({ loading: false, error: null, added: fresh.length });
    // Keep the reader's place: focus the first new card's link.
    requestAnimationFrame(() => {
      if (firstNew.current == null) return;
      listRef.current
        ?.querySelector<HTMLAnchorElement>(`[data-prod-id="${firstNew.current}"] a`)
        ?.focus({ preventScroll: true });
    });
  };

  return (
    <div ref={listRef}>
      <p className="mb-2 text-sm text-gray-700" data-testid="list-count">
        Showing {plural(items.length, ...noun)}
        {params.get('lastId') ? ' (next page)' : ''}
      </p>
      <ProductGrid items={items}>
        {state.loading &&
          Array.from({ length: 4 }, (_, i) => (
            <li key={`s${i}`} aria-hidden="true">
              <ProductCardSkeleton />
            </li>
          ))}
      </ProductGrid>
      <p aria-live="polite" className="sr-only">
        {state.added ? `${state.added} more ${nounFor(state.added, ...noun)} loaded` : ''}
      </p>
      <div className="mt-4 flex flex-col items-center gap-2">
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
        {more.hasMore && more.lastId != null ? (
          <a
            href={nextHref}
            onClick={loadMore}
            className="btn-primary min-w-48"
            aria-busy={state.loading || undefined}
            data-testid="load-more"
          >
            {state.loading ? 'Loading…' : state.error ? 'Try again' : 'Load more'}
          </a>
        ) : (
          <p className="text-center text-sm text-gray-700">
            That is all for this search. Not the part you need? Add your car’s make, model and year,
            or try another word.
          </p>
        )}
        {params.get('lastId') && (
          <Link
            to={`${location.pathname}?${(() => {
              const p = new URLSearchParams(params);
              p.delete('lastId');
              return p.toString();
            })()}`}
            className="text-sm font-medium text-brand-700 underline"
          >
            Back to the first page
          </Link>
        )}
      </div>
    </div>
  );
}
