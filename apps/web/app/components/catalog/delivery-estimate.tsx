import { useLocation, useRouteLoaderData } from 'react-router';
import { formatNaira } from '@sf/shared';
import type { ProductDetail } from '../../lib/catalog.ts';
import { roughDuration, type TrackRecordItem } from '../../lib/track-record.ts';
import { Link } from '../link.tsx';

type Store = NonNullable<ProductDetail['store']>;

/**
 * What delivery of this part costs the buyer and how soon it usually leaves: the store's own fee
 * for the buyer's state (the one checkout charges: within the store's state, or other states)
 * and the store's median time to ship from its track record. Without a chosen state, a link to
 * choose one.
 */
export function DeliveryEstimate({
  store,
  record,
}: {
  store: Store;
  record: TrackRecordItem | null;
}) {
  const root = useRouteLoaderData('root') as
    { place?: { state: string; city: string | null } | null } | undefined;
  const { pathname, search } = useLocation();
  const place = root?.place ?? null;
  const sameState = place ? place.state === store.state : null;
  const fee =
    sameState === null
      ? null
      : sameState
        ? store.delivery_fee_in_state
        : store.delivery_fee_other_states;
  const ships =
    record?.median_ship_hours != null ? roughDuration(record.median_ship_hours * 60) : null;
  return (
    <div
      className="rounded-[var(--radius-card)] bg-gray-50 px-3 py-2 text-sm text-gray-800"
      data-testid="delivery-estimate"
    >
      {place ? (
        <p>
          Delivery to {place.state}:{' '}
          <strong>
            {fee == null ? 'ask the store' : Number(fee) === 0 ? 'free' : formatNaira(fee)}
          </strong>
          {sameState ? ' (same state as the store)' : ''}.{' '}
          <Link to={`/place?next=${encodeURIComponent(pathname + search)}`} className="underline">
            Change
          </Link>
        </p>
      ) : (
        <p>
          <Link
            to={`/place?next=${encodeURIComponent(pathname + search)}`}
            className="font-medium underline"
          >
            Choose your state
          </Link>{' '}
          to see the delivery fee. Pickup at the store in {store.city || store.state} is free.
        </p>
      )}
      {ships && <p>This store usually ships in {ships} after payment.</p>}
    </div>
  );
}
