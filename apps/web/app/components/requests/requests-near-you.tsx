import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api.ts';
import { useLive } from '../../lib/live.ts';
import {
  INCOMING_PATH,
  URGENCY_LABEL,
  requestPath,
  requestTitle,
  type IncomingItem,
} from '../../lib/requests.ts';
import { Link } from '../link.tsx';

/**
 * "Requests near you" on a provider's dashboard (/user/store, /user/workshop, /user/garage):
 * the newest open requests that reached them, read in the browser and refreshed live. Without
 * JavaScript the link leads to the full list (/broadcast/incoming).
 */
export function RequestsNearYou({
  heading = 'Requests near you',
  empty = 'No open request matches you right now.',
}: {
  heading?: string;
  empty?: string;
}) {
  const [items, setItems] = useState<IncomingItem[] | null>(null);
  const load = useCallback(() => {
    void browserApi
      .get<IncomingItem>('/api/requests/incoming')
      .then((a) => setItems(a.status ? (a.items ?? []) : []));
  }, []);
  useEffect(load, [load]);
  useLive((e) => {
    if (['request.new', 'request.taken', 'reconnected'].includes(e.type)) load();
  });
  return (
    <section className="card mt-5 p-5" aria-labelledby="requests-near-you">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="requests-near-you" className="text-lg font-bold">
          {heading}
        </h2>
        <Link to={INCOMING_PATH} className="text-sm text-brand-700 underline">
          See all
        </Link>
      </div>
      {items !== null && items.length === 0 && <p className="mt-2 text-gray-700">{empty}</p>}
      {items !== null && items.length > 0 && (
        <ul className="mt-2 space-y-2" data-testid="requests-near-you">
          {items.slice(0, 5).map((r) => (
            <li key={r.id} className="rounded-lg border border-gray-200 p-3">
              <Link to={requestPath(r.id)} className="font-semibold text-brand-700 underline">
                {requestTitle(r)}
              </Link>
              <p className="text-sm text-gray-700">
                {URGENCY_LABEL[r.urgency]}
                {r.myOffer ? ' · you made an offer' : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
