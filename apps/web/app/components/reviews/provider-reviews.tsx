import type { ReactNode } from 'react';
import { BadgeCheckIcon } from '../icons.tsx';
import { day, type ProviderReviewItem } from '../../lib/reviews.ts';
import { Stars } from './stars.tsx';

/** Reviews of a mechanic or tow van: stars, words, 'Verified job' and the date, their answer. */
export function ProviderReviewList({
  items,
  extra,
}: {
  items: ProviderReviewItem[];
  extra?: (r: ProviderReviewItem) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-gray-100" data-testid="provider-reviews">
      {items.map((r) => (
        <li key={r.id} className="space-y-1.5 py-3" data-testid="provider-review">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars value={r.rating} />
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-800">
              <BadgeCheckIcon size={14} />
              Verified job
            </span>
            <span className="text-xs text-gray-700">
              {r.user_name}, {day(r.created_at)}
            </span>
            {r.hidden && (
              <span className="rounded bg-gray-200 px-1.5 text-xs font-semibold">Hidden</span>
            )}
          </div>
          {r.body && <p className="whitespace-pre-line text-sm text-gray-900">{r.body}</p>}
          {r.answer && (
            <div className="ml-3 border-l-2 border-brand-600 pl-3 text-sm">
              <p className="font-semibold">
                {r.provider_name} answered{r.answered_at ? ` on ${day(r.answered_at)}` : ''}
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
