import { formatNaira } from '@sf/shared';
import type { StoreDetail } from '../../lib/catalog.ts';
import { VerifiedBadge, VerifiedNote } from '../verified-badge.tsx';
import { ContactButtons } from './contact-buttons.tsx';
import { Stars } from '../reviews/stars.tsx';
import { TrackRecordFigures } from '../track-record/figures.tsx';
import type { TrackRecordItem } from '../../lib/track-record.ts';
import { Link } from '../link.tsx';

export function storePhone(s: StoreDetail): string | null {
  return s.phones.find(Boolean) ?? null;
}

export { VerifiedBadge };

/** The seller of a product: name, place, badge, contact buttons and delivery fees. */
export function StoreCard({
  store,
  productName,
  rating,
  record,
}: {
  store: StoreDetail;
  productName?: string;
  /** Verified buyers' rating of the store. */
  rating?: { count: number; average: number | null } | null;
  record?: TrackRecordItem | null;
}) {
  const place = [store.city, store.state].filter(Boolean).join(', ');
  const fees = deliveryFees(store);
  return (
    <section aria-labelledby="store-heading" className="card space-y-3 p-4">
      <div>
        <h2 id="store-heading" className="text-sm font-semibold text-gray-700">
          Sold by
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
          <Link
            to={`/store/${store.url_name}`}
            className="text-brand-800 underline-offset-2 hover:underline"
          >
            {store.name}
          </Link>
          {store.verified && <VerifiedBadge />}
        </p>
        {store.verified && <VerifiedNote className="text-xs" />}
        {rating && rating.count > 0 && (
          <Stars value={rating.average} count={rating.count} small testId="store-card-rating" />
        )}
        {place && <p className="text-sm text-gray-700">{place}</p>}
        {store.address && <p className="text-sm text-gray-700">{store.address}</p>}
      </div>
      {record && <TrackRecordFigures record={record} compact />}
      <ContactButtons phone={storePhone(store)} storeName={store.name} productName={productName} />
      {fees.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Delivery</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-gray-800">
            {fees.map(([label, fee]) => (
              <li key={label} className="flex justify-between gap-2">
                <span>{label}</span>
                <span className="font-semibold">{fee}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function deliveryFees(s: StoreDetail): [string, string][] {
  const inState = s.delivery_fee_in_state;
  const other = s.delivery_fee_other_states;
  const out: [string, string][] = [];
  if (inState != null)
    out.push([
      `Within ${s.state ?? 'the store’s state'}`,
      Number(inState) === 0 ? 'Free' : formatNaira(inState),
    ]);
  if (other != null) out.push(['Other states', Number(other) === 0 ? 'Free' : formatNaira(other)]);
  if (out.length) out.push(['Pick up at the store', 'Free']);
  return out;
}
