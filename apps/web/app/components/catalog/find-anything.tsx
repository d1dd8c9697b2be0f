import { Link } from 'react-router';
import type { Option } from '@sf/shared';
import { HeaderSearch, type Suggestion } from '../header-search.tsx';

/** The state named in the text, if any ("brake pads lagos" → Lagos). */
export function stateIn(q: string, states: Option<number>[]): Option<number> | null {
  const t = ` ${q.toLowerCase().replace(/[^a-z ]/g, ' ')} `;
  return (
    states.find((s) => t.includes(` ${s.label.toLowerCase().replace(/ state$/, '')} `)) ?? null
  );
}

/**
 * The home SEARCH tab: one box for parts, mechanics and tow vans. Parts come as suggestions;
 * mechanics and tow vans are links to their lists with the text as a query (their own
 * pages show the results: nothing is faked here).
 */
export function FindAnything({ states }: { states: Option<number>[] }) {
  const extra = (q: string): Suggestion[] => {
    const st = stateIn(q, states);
    const query = (path: string) =>
      `${path}?${new URLSearchParams({ q, ...(st ? { regionId: String(st.value) } : {}) }).toString()}`;
    return [
      {
        key: 'mech',
        kind: 'link',
        label: st ? `Find mechanics in ${st.label}` : `Find mechanics for “${q}”`,
        href: query('/mechanics'),
      },
      {
        key: 'tow',
        kind: 'link',
        label: st ? `Find tow vans in ${st.label}` : 'Find tow vans',
        href: query('/towvans'),
      },
    ];
  };
  return (
    <div>
      <HeaderSearch
        id="home-search"
        extra={extra}
        label="Search parts, mechanics and tow vans"
        placeholder="A part, a mechanic or a tow van…"
      />
      <p className="mt-2 text-sm text-brand-100">
        Or go straight to{' '}
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
}
