import { memo } from 'react';
import type { Category } from '@sf/api/types';
import { SheetIcon, Thumb } from './photo.tsx';
import { Link } from './link.tsx';

/**
 * A drawn tile's symbol in the sheet of all tiles (GET /images/category-tiles.svg), or null for a
 * picture staff uploaded (shown as it is).
 */
const tileHref = (imageUrl: string) => {
  const slug = /^\/images\/categories\/([a-z0-9-]+)\.svg$/.exec(imageUrl)?.[1];
  return slug ? `/images/category-tiles.svg#${slug}` : null;
};

/** Memoised: the router renders a page again once it learns its links' routes (decision 0039). */
export const CategoryGrid = memo(function CategoryGrid({
  categories,
  heading = 'Shop by category',
  eager = 12,
}: {
  categories: Category[];
  heading?: string;
  /**
   * Icons loaded at once (near the top of a page); the rest wait until scrolled near. With 0 the
   * whole grid waits.
   */
  eager?: number;
}) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="cat-heading" className="container-page py-6">
      <h2 id="cat-heading" className="mb-3 text-lg font-bold">
        {heading}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
        {categories.map((c, i) => {
          // A grid that starts below the first screen (eager 0, under a list of 50 parts) takes
          // each tile's own file, lazily: a <use> fetches and parses the sheet at once, wherever
          // it is on the page.
          const sheet = eager > 0 ? tileHref(c.image_url) : null;
          return (
            <li key={c.cat_id} className="list-cell [contain-intrinsic-size:auto_6rem]">
              <Link
                to={`/cat/${c.cat_id}`}
                className="card flex h-full flex-col items-center gap-1.5 p-2 text-center text-xs font-medium hover:ring-2 hover:ring-brand-600 sm:text-sm"
              >
                {sheet ? (
                  <SheetIcon href={sheet} size={48} className="size-12 rounded-lg" />
                ) : (
                  <Thumb
                    src={c.image_url}
                    alt=""
                    width={48}
                    height={48}
                    loading={i < eager ? 'eager' : 'lazy'}
                    // Small pictures: fetched at once, but after what the first paint needs. Without
                    // this React puts a preload of each into the head ahead of the stylesheet, and
                    // with six connections a phone waits for a dozen of them before it has the CSS.
                    fetchPriority="low"
                    decoding="async"
                    className="size-12 rounded-lg"
                  />
                )}
                <span className="line-clamp-2">{c.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
