import { useLocation } from 'react-router';
import type { FilterOptions, PartsFilters } from '../../lib/catalog.ts';
import { CloseIcon } from '../icons.tsx';
import { Link } from '../link.tsx';

const CONDITION: Record<string, string> = { '1': 'New', '2': 'Used (Tokunbo)' };

/** The applied filters as chips; each one's × is a link to the same list without it. */
export function FilterChips({
  filters,
  options,
}: {
  filters: PartsFilters;
  options: FilterOptions;
}) {
  const { pathname, search } = useLocation();
  const name = (list: { label: string; value: number }[], v?: string) =>
    list.find((o) => String(o.value) === v)?.label ?? v;
  const chips: [keyof PartsFilters, string | undefined, (keyof PartsFilters)[]][] = [
    // Removing a make also removes its model and year; a state, its city.
    ['carmake', name(options.makes, filters.carmake), ['carmodel', 'caryear']],
    ['carmodel', name(options.models, filters.carmodel), ['caryear']],
    ['caryear', filters.caryear, []],
    ['condition', filters.condition && CONDITION[filters.condition], []],
    ['regionId', name(options.states, filters.regionId), ['city']],
    ['city', name(options.cities, filters.city), []],
    ['partcategory', name(options.categories, filters.partcategory), []],
    ['prodName', filters.prodName && `“${filters.prodName}”`, []],
  ];
  const shown = chips.filter(([k, label]) => filters[k] && label);
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Filters in use">
      {shown.map(([k, label, also]) => {
        const q = new URLSearchParams(search);
        for (const x of [k, ...also, 'lastId', 'count']) q.delete(x);
        // A state removed means all Nigeria, not the visitor's own state again.
        if (k === 'regionId') q.set('regionId', '');
        return (
          <li key={k}>
            <Link
              to={`${pathname}?${q}`}
              className="flex min-h-9 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-900"
              aria-label={`Remove filter ${label}`}
            >
              {label}
              <CloseIcon size={16} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
