import { memo } from 'react';
import { Link } from 'react-router';
import type { Category } from '@sf/api/types';
import { Thumb } from './photo.tsx';

/**
 * A drawn tile's view in the sheet of all tiles (GET /images/categories.svg): every tile of a grid
 * comes from one file, one request instead of one per category. A picture staff uploaded stays
 * as it is.
 */
const tileSrc = (imageUrl: string) =>
  imageUrl.replace(/^\/images\/categories\/([a-z0-9-]+)\.svg$/, '/images/categories.svg#$1');

/** Memoised: the router renders the whole page again when it learns routes after hydration. */
export const CategoryGrid = memo(function CategoryGrid({
  categories,
  heading = 'Shop by category',
  eager = 12,
}: {
  categories: Category[];
  heading?: string;
  /** Icons loaded at once (near the top of a page); the rest wait until scrolled near. */
  eager?: number;
}) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="cat-heading" className="container-page py-6">
      <h2 id="cat-heading" className="mb-3 text-lg font-bold">
        {heading}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
        {categories.map((c, i) => (
          <li key={c.cat_id} className="list-cell [contain-intrinsic-size:auto_6rem]">
            <Link
              to={`/cat/${c.cat_id}`}
              className="card flex h-full flex-col items-center gap-1.5 p-2 text-center text-xs font-medium hover:ring-2 hover:ring-brand-600 sm:text-sm"
            >
              <Thumb
                src={tileSrc(c.image_url)}
                alt=""
                width={48}
                height={48}
                loading={i < eager ? 'eager' : 'lazy'}
                // Small icons: fetched at once, but after what the first paint needs. Without
                // this React puts a preload of each into the head ahead of the stylesheet, and
                // with six connections a phone waits for a dozen icons before it has the CSS.
                fetchPriority="low"
                decoding="async"
                className="size-12 rounded-lg"
              />
              <span className="line-clamp-2">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});
