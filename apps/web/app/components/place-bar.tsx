import { useLocation } from 'react-router';
import type { PlaceNote } from '../lib/place.server.ts';
import { Link } from './link.tsx';

/**
 * Says which part of Nigeria a list shows when the visitor's place decided it, with the one tap
 * that changes it: widen to all Nigeria (nearest first), or back to their state.
 */
export function PlaceBar({ note, noun }: { note: PlaceNote; noun: string }) {
  const { pathname, search } = useLocation();
  if (!note.place) return null;
  const q = new URLSearchParams(search);
  q.delete('lastId');
  q.delete('count');
  let text: string;
  if (note.defaulted) {
    q.set('regionId', '');
    q.delete('city');
    text = `Showing ${noun} in ${note.place.state}${note.place.city ? `, ${note.place.city} first` : ''}.`;
  } else if (note.near) {
    q.delete('regionId');
    q.delete('city');
    text = `Showing all Nigeria, ${note.place.city ? `${note.place.city}, then ` : ''}${note.place.state} and nearby states first.`;
  } else return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900"
      data-testid="place-bar"
    >
      <span>{text}</span>
      <Link to={`${pathname}?${q}`} className="font-semibold underline">
        {note.defaulted ? 'Show all Nigeria' : `Only ${note.place.state}`}
      </Link>
    </p>
  );
}
