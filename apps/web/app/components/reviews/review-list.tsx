import type { ReactNode } from 'react';
import { BadgeCheckIcon } from '../icons.tsx';
import { day, type ReviewItem } from '../../lib/reviews.ts';
import { Stars } from './stars.tsx';
import { Photo } from '../photo.tsx';

/** Reviews of verified buyers: stars, words, photo, 'Verified purchase' and the date, the store's answer. */
export function ReviewList({
  items,
  show = 'product',
  extra,
}: {
  items: ReviewItem[];
  /** Which rating leads: the part's (product page) or the store's (store page). */
  show?: 'product' | 'store';
  extra?: (r: ReviewItem) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-gray-100" data-testid="reviews">
      {items.map((r) => (
        <li key={r.id} className="space-y-1.5 py-3" data-testid="review">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars value={show === 'product' ? r.product_rating : r.store_rating} />
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-800">
              <BadgeCheckIcon size={14} />
              Verified purchase
            </span>
            <span className="text-xs text-gray-700">
              {r.buyer_name}, {day(r.created_at)}
            </span>
            {r.hidden && (
              <span className="rounded bg-gray-200 px-1.5 text-xs font-semibold">Hidden</span>
            )}
          </div>
          {show === 'store' && <p className="text-xs text-gray-700">{r.product_name}</p>}
          {r.body && <p className="whitespace-pre-line text-sm text-gray-900">{r.body}</p>}
          {r.photo && (
            <Photo
              src={r.photo.src}
              srcSet={r.photo.srcset}
              sizes="160px"
              width={160}
              height={120}
              style={{ maxWidth: 160 }}
              alt={`Buyer's photo of ${r.product_name}`}
              className="rounded-lg"
              loading="lazy"
            />
          )}
          {r.answer && (
            <div
              className="ml-3 border-l-2 border-brand-600 pl-3 text-sm"
              data-testid="review-answer"
            >
              <p className="font-semibold">
                {r.store_name} answered{r.answered_at ? ` on ${day(r.answered_at)}` : ''}
              </p>
              <p className="whitespace-pre-line text-gray-800">{r.answer}</p>
            </div>
          )}
          {extra?.(r)}
        </li>
      ))}
    </ul>
  );
}
