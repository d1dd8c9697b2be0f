import type { CartView } from '../../lib/cart.ts';
import type { Quote } from '../../lib/checkout.ts';
import type { FitItem } from '../../lib/fit.ts';
import { MoneyRow, naira } from '../cart/money.tsx';
import { OfferNote } from '../cart/offer-note.tsx';
import { MyFitBadge } from '../catalog/fit-badge.tsx';

/** Said wherever a delivery amount is not known yet: never a total that leaves delivery out. */
const CHOOSE_STATE = 'Choose a state to see delivery';

/** The order per store (lines, parts, coupon, delivery, its total), then the amounts to pay. */
export function OrderSummary({
  quote,
  fulfilment,
  stateChosen,
  stale,
  fits,
  offers,
}: {
  fits: Record<number, FitItem>;
  /** Accepted offers' terms by product id, from the cart. */
  offers: Record<number, NonNullable<CartView['items'][number]['offer']>>;
  quote: Quote;
  fulfilment: string;
  stateChosen: boolean;
  /** The quote shown was worked out for an earlier choice: a new one is on its way. */
  stale: boolean;
}) {
  // Delivery to a state not chosen yet: its fee, and so the totals, are unknown. While a new
  // quote is on its way, the old amounts are not shown as the new ones.
  const unknown =
    fulfilment !== 'pickup' && !stateChosen ? CHOOSE_STATE : stale ? 'Working it out…' : undefined;
  return (
    <div className="space-y-3" data-testid="checkout-summary">
      {quote.stores.map((g) => (
        <div key={g.storeId} className="border-b border-gray-200 pb-2">
          <h3 className="font-semibold text-gray-900">Order from {g.storeName}</h3>
          <ul className="my-1 space-y-0.5 text-sm text-gray-700">
            {g.lines.map((l) => (
              <li key={l.productId} className="flex justify-between gap-2">
                <span>
                  {l.quantity} × {l.name}
                  {offers[l.productId] && <OfferNote offer={offers[l.productId]} compact />}
                  {fits[l.productId] && (
                    <span className="block">
                      <MyFitBadge fit={fits[l.productId]} />
                    </span>
                  )}
                </span>
                <span className="tabular-nums">{naira(l.lineTotalKobo)}</span>
              </li>
            ))}
          </ul>
          <dl className="text-sm">
            <MoneyRow label="Parts" kobo={g.subtotalKobo} />
            {g.discountKobo > 0 && (
              <MoneyRow label="Coupon discount" kobo={g.discountKobo} negative />
            )}
            <MoneyRow
              label={
                fulfilment === 'pickup' ? 'Delivery (pickup at the store: free)' : 'Delivery fee'
              }
              kobo={g.deliveryFeeKobo}
              pending={unknown}
            />
            <MoneyRow
              label={`To ${g.storeName}`}
              kobo={g.totalKobo}
              pending={unknown && (stale ? unknown : `${naira(g.totalKobo)} + delivery`)}
            />
          </dl>
        </div>
      ))}
      <dl>
        <MoneyRow label="All parts" kobo={quote.subtotalKobo} />
        {quote.discountKobo > 0 && (
          <MoneyRow
            label="Coupon discount"
            kobo={quote.discountKobo}
            negative
            testId="sum-discount"
          />
        )}
        <MoneyRow
          label="All delivery fees"
          kobo={quote.deliveryFeeKobo}
          testId="sum-delivery"
          pending={unknown}
        />
        <MoneyRow
          label="Total to pay"
          kobo={quote.totalKobo}
          strong
          testId="sum-total"
          pending={unknown && (stale ? unknown : `${naira(quote.totalKobo)} + delivery`)}
        />
      </dl>
    </div>
  );
}
