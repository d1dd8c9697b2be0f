import { memo } from 'react';
import type { ProductItem } from '../lib/catalog.ts';
import { ProductCard } from './catalog/product-card.tsx';
import { Link } from './link.tsx';

/**
 * The newest parts on the market: proof the shelves are stocked, and a quick way in.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const RecentParts = memo(function RecentParts({ items }: { items: ProductItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-parts" className="container-page py-6">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="recent-parts" className="text-lg font-bold">
          Just added
        </h2>
        <Link
          to="/spares-parts"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
        >
          See all parts
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {items.map((p, i) => (
          // Four on a phone keep the page light; wider screens show a full row or two.
          <li key={p.prod_id} className={i >= 4 ? 'hidden sm:block' : undefined}>
            <ProductCard p={p} />
          </li>
        ))}
      </ul>
    </section>
  );
});

const JOIN = [
  {
    role: 'Seller',
    title: 'Sell your parts',
    text: 'Open a store, list parts with the cars they fit, get paid through Paystack.',
    cta: 'Open a store',
  },
  {
    role: 'Mechanic',
    title: 'List your workshop',
    text: 'Drivers near you find your specialities, opening days and phone number.',
    cta: 'List my workshop',
  },
  {
    role: 'Tow Van',
    title: 'List your tow van',
    text: 'Get towing requests from drivers stuck in your state, the same day.',
    cta: 'List my tow van',
  },
] as const;

/**
 * The way in for businesses: each card opens registration with its role chosen.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const JoinUs = memo(function JoinUs() {
  return (
    <section aria-labelledby="join-us" className="container-page py-6">
      <h2 id="join-us" className="mb-3 text-lg font-bold">
        Do business on SpareFinder
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {JOIN.map((j) => (
          <li key={j.role} className="card flex flex-col p-4">
            <h3 className="font-bold">{j.title}</h3>
            <p className="mt-1 flex-1 text-sm text-gray-700">{j.text}</p>
            <Link
              to={`/auth/register?role=${encodeURIComponent(j.role)}`}
              className="btn-ghost mt-3 self-start"
            >
              {j.cta}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});
