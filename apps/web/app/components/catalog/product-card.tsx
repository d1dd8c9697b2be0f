import { memo } from 'react';
import { productHref, type ProductItem } from '../../lib/catalog.ts';
import { VerifiedMark } from '../verified-badge.tsx';
import { ConditionBadge, FitBadge, Price } from './price.tsx';
import { ProductImg } from './product-image.tsx';
import { MyFitBadge } from './fit-badge.tsx';
import { Stars } from '../reviews/stars.tsx';
import { Link } from '../link.tsx';

/**
 * A product in a list: photo, name, price (largest), how it fits the chosen car, condition, the
 * store's city and badge. Memoised: a list's items are kept as they are between renders, and the
 * router renders the whole page again when it learns routes after hydration (50 cards for nothing).
 */
export const ProductCard = memo(function ProductCard({
  p,
  eager = false,
}: {
  p: ProductItem;
  eager?: boolean;
}) {
  const place = [p.store?.city, p.store?.state].filter(Boolean).join(', ');
  return (
    <article
      className="card relative flex h-full flex-col overflow-hidden"
      data-testid="product-card"
      data-prod-id={p.prod_id}
    >
      <ProductImg
        image={p.image}
        alt=""
        eager={eager}
        // The card's real width (the page's 1rem sides and the grid's gap taken off): a 360 px phone at
        // 2x then takes the 320 px picture, not the 640 px one twice its bytes.
        sizes="(min-width: 1024px) 240px, (min-width: 640px) calc(33vw - 1.25rem), calc(50vw - 1.25rem)"
        className="aspect-[4/3]"
      />
      <div className="flex flex-1 flex-col gap-1 p-2.5">
        <Price price={p.price} />
        <h3 className="line-clamp-2 text-sm font-medium leading-snug">
          {/* The whole card is the link's target area (after: inset-0). */}
          <Link
            to={productHref(p)}
            prefetch="intent"
            className="after:absolute after:inset-0 hover:underline"
          >
            {p.name}
          </Link>
        </h3>
        {p.rating && p.rating.product.count > 0 ? (
          <Stars
            value={p.rating.product.average}
            count={p.rating.product.count}
            small
            testId="card-rating"
          />
        ) : p.rating && p.rating.store.count > 0 ? (
          <span className="text-xs text-gray-700" data-testid="card-store-rating">
            Store <Stars value={p.rating.store.average} count={p.rating.store.count} small />
          </span>
        ) : null}
        <MyFitBadge fit={p.myFit} />
        <div className="mt-auto flex flex-wrap items-center gap-1.5 pt-1 text-xs text-gray-700">
          {!p.myFit && <FitBadge fit={p.fit} />}
          <ConditionBadge condition={p.condition} />
          {place && <span className="truncate">{place}</span>}
          {p.store?.verified && <VerifiedMark />}
        </div>
      </div>
    </article>
  );
});

export function ProductCardSkeleton() {
  return (
    <div className="card animate-pulse overflow-hidden" aria-hidden="true">
      <div className="aspect-[4/3] bg-gray-200" />
      <div className="space-y-2 p-2.5">
        <div className="h-5 w-2/3 rounded bg-gray-200" />
        <div className="h-4 w-full rounded bg-gray-200" />
        <div className="h-3 w-1/2 rounded bg-gray-200" />
      </div>
    </div>
  );
}
