import { useLocation } from 'react-router';
import { Link } from './link.tsx';

/** The header's "Your state": where lists start; opens the page that changes it. */
export function PlaceLink({ place }: { place: { state: string; city: string | null } | null }) {
  const { pathname, search } = useLocation();
  // On the place page itself, keep where the visitor came from.
  const back =
    pathname === '/place' ? (new URLSearchParams(search).get('next') ?? '/') : pathname + search;
  const next = encodeURIComponent(back);
  const name = place ? (place.city ?? place.state) : 'Your state';
  return (
    <Link
      to={`/place?next=${next}`}
      className="flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-white hover:bg-brand-800"
      aria-label={place ? `Where you are: ${name}. Change it` : 'Choose where you are'}
      data-testid="place-link"
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Z" />
        <circle cx="12" cy="10" r="2.5" />
      </svg>
      <span className="max-w-[5.5rem] truncate">{name}</span>
    </Link>
  );
}
