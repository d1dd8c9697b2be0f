import type { CartLine } from '../../lib/cart.ts';
import { when } from '../../lib/dates.ts';
import { naira } from './money.tsx';

type Offer = NonNullable<CartLine['offer']>;

/**
 * The terms of an accepted broadcast offer on a cart line, as the API holds them: its price is
 * for the offered quantity only and ends at a time (Lagos); more of the part can be bought at
 * the shop's price, once this one is checked out or the offer has ended.
 */
export function OfferNote({ offer, compact }: { offer: Offer; compact?: boolean }) {
  const n = offer.quantity;
  const these = n === 1 ? 'this one' : `these ${n}`;
  const more =
    offer.listPriceKobo !== offer.priceKobo
      ? `Only ${n} at this price. More cost the shop's price, ${naira(offer.listPriceKobo)} each: check ${these} out first, then add them.`
      : `Only ${n} at this price: check ${these} out first, then add more.`;
  const terms = (
    <>
      <strong>
        Offer price for {n} until {when(offer.expiresAt)}
      </strong>{' '}
      (Lagos time).
    </>
  );
  // Compact: a line of the checkout's summary (inside its list item's text).
  if (compact)
    return (
      <span className="block text-sm text-brand-900" data-testid="line-offer">
        {terms}
      </span>
    );
  return (
    <p
      className="rounded-[var(--radius-card)] border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm text-brand-900"
      data-testid="line-offer"
    >
      {terms} {more}
    </p>
  );
}
