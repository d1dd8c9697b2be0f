import { memo } from 'react';
import { HeaderSearch, type Suggestion } from '../header-search.tsx';
import { Link } from '../link.tsx';

/**
 * The home SEARCH tab: one box for parts, mechanics and tow vans. Parts come as suggestions
 * while typing; the search itself (Enter, or the last suggestion) opens /search, which reads
 * the kind, the place and the speciality out of the text ("tow van Lekki") and shows each
 * kind in its own group.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const FindAnything = memo(function FindAnything({
  defaultValue = '',
}: {
  defaultValue?: string;
}) {
  const extra = (q: string): Suggestion[] => [
    {
      key: 'all',
      kind: 'link',
      label: `Parts, mechanics and tow vans for “${q}”`,
      href: `/search?q=${encodeURIComponent(q)}`,
    },
  ];
  return (
    <div>
      <HeaderSearch
        id="home-search"
        extra={extra}
        everything
        defaultValue={defaultValue}
        label="Search parts, mechanics and tow vans"
        placeholder="A part, a mechanic or a tow van…"
      />
      <p className="mt-2 text-sm text-brand-100">
        Try “tow van Lekki” or “mechanic Wuse AC”, or go straight to{' '}
        <Link to="/mechanics" className="font-semibold text-white underline">
          mechanics
        </Link>{' '}
        and{' '}
        <Link to="/towvans" className="font-semibold text-white underline">
          tow vans
        </Link>
        .
      </p>
    </div>
  );
});
