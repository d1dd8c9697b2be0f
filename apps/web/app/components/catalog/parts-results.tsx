import { memo, lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  hasFilters,
  listPath,
  type FilterOptions,
  type PartsFilters,
  type ProductPage,
} from '../../lib/catalog.ts';
import { CloseIcon, FilterIcon, SearchIcon } from '../icons.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { ProductList } from './product-list.tsx';
import type { FitAnswer } from '../../lib/fit.ts';
import { PlaceBar } from '../place-bar.tsx';
import type { PlaceNote } from '../../lib/place.server.ts';
import { RequestPrompt } from '../requests/request-prompt.tsx';
import { searchToSave } from '../../lib/alerts.ts';
import { AlertButton } from '../alerts/alert-button.tsx';
import { Link } from '../link.tsx';

/** The filter panel and its results, shared by /spares-parts and /products/cat/:id. */
// Only a buyer with a saved car sees the car form: its code loads only then (the parts list
// has the tightest JavaScript budget of the public pages).
const FitCarForm = lazy(() =>
  import('./fit-car-form.tsx').then((m) => ({ default: m.FitCarForm })),
);

/** Memoised: the router renders a page again once it learns its links' routes (decision 0039). */
export const PartsResults = memo(function PartsResults({
  action,
  catId,
  filters,
  options,
  page,
  hideCategory,
  heading = 'Parts',
  fit,
  placeNote,
}: {
  placeNote?: PlaceNote;
  fit?: { car: FitAnswer['car']; cars: FitAnswer['cars']; fitsOnly: boolean } | null;
  action: string;
  catId: number;
  filters: PartsFilters;
  options: FilterOptions;
  page: ProductPage & { error: string | null };
  hideCategory?: boolean;
  heading?: string;
}) {
  const { search } = useLocation();
  const count = Object.values(filters).filter(Boolean).length;
  return (
    <div className="container-page space-y-4 py-4">
      {/* Phones: a Filters button and the filters in use as chips, so the results start on the
          first screen; the filters open as a sheet (CSS :target, no JavaScript needed). */}
      <div className="flex flex-wrap items-center gap-2 md:hidden">
        <a href="#filters" className="btn-ghost min-h-11" data-testid="open-filters">
          <FilterIcon size={18} />
          Filters{count ? ` (${count})` : ''}
        </a>
        <FilterChips filters={filters} options={options} />
      </div>
      <div id="filters" className="filter-sheet">
        <p className="mb-2 flex items-center justify-between md:hidden">
          <strong className="text-lg">Filters</strong>
          <a href="#results-heading" className="btn-ghost min-h-11" aria-label="Close filters">
            <CloseIcon size={20} />
          </a>
        </p>
        <FilterPanel
          key={search}
          action={action}
          applied={filters}
          options={options}
          hideCategory={hideCategory}
        />
      </div>
      <div className="hidden md:block">
        <FilterChips filters={filters} options={options} />
      </div>
      {placeNote && <PlaceBar note={placeNote} noun="parts" />}
      {fit && (
        <Suspense fallback={null}>
          <FitCarForm key={`fit${search}`} fit={fit} action={action} />
        </Suspense>
      )}
      <SaveSearch filters={filters} catId={catId} />
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="mb-1 text-lg font-bold">
          {heading}
        </h2>
        <ProductList
          key={search}
          page={page}
          apiPath={(lastId) =>
            listPath(
              catId,
              { ...filters, near: placeNote?.near, nearCity: placeNote?.nearCity },
              lastId,
            )
          }
          fitCarId={fit?.car?.id}
          empty={
            <EmptyResults action={action} filtered={hasFilters(filters)}>
              <RequestPrompt kind="part" lead="Still nothing?" className="mt-2 text-left" />
            </EmptyResults>
          }
        />
        {page.items.length > 0 && !page.error && (
          <RequestPrompt kind="part" lead="Not the part you need?" className="mt-4" />
        )}
      </section>
    </div>
  );
});

/** 'Tell me when new parts match': saves the list's filters as a search (nothing for a place alone). */
function SaveSearch({ filters, catId }: { filters: PartsFilters; catId: number }) {
  const save = searchToSave(filters, catId);
  if (Object.keys(save).length === 0) return null;
  return (
    <AlertButton
      intent="search"
      fields={save}
      label="Tell me when new parts match"
      testId="save-search"
    />
  );
}

export function EmptyResults({
  action,
  filtered,
  children,
}: {
  action: string;
  filtered: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className="card flex flex-col items-center gap-2 p-6 text-center"
      data-testid="empty-results"
    >
      <SearchIcon size={32} className="text-gray-500" />
      <p className="font-semibold">No parts match {filtered ? 'these filters' : 'here yet'}.</p>
      <ul className="list-inside list-disc text-left text-sm text-gray-700">
        <li>Leave out the year or the model: many parts fit several years.</li>
        <li>Choose “Any city” or “Any state”: sellers deliver across Nigeria.</li>
        <li>Check the spelling of the part name, or try a shorter word (“pads”, “headlamp”).</li>
      </ul>
      {children}
      {filtered && (
        <Link to={action} className="btn-primary mt-2">
          Show all parts
        </Link>
      )}
    </div>
  );
}
