import type { DisputeItem } from '../../lib/disputes.ts';
import { when } from '../../lib/dates.ts';
import { AlertIcon } from '../icons.tsx';
import { Link } from '../link.tsx';

export interface NeedsYouData {
  /** Unsettled disputes against the store (all of them). */
  disputesOpen: number;
  /** The newest of them, each one tap from the dashboard. */
  disputes: Pick<
    DisputeItem,
    'id' | 'product_name' | 'buyer_name' | 'reason_label' | 'status_label' | 'created_at'
  >[];
  /** Reviews of the store's parts not answered yet (of the latest page). */
  reviewsToAnswer: number;
  reviewsCount: number;
}

/**
 * The top of the seller's dashboard: what waits for the seller, each item a link to it. Disputes
 * come first: one left unanswered is decided by staff without the seller's side.
 */
export function NeedsYou({ d }: { d: NeedsYouData }) {
  return (
    <section aria-labelledby="needs-h" className="card space-y-3 p-4" data-testid="needs-you">
      <h2 id="needs-h" className="text-lg font-bold">
        Waiting for you
      </h2>
      {d.disputesOpen > 0 ? (
        <div className="rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3">
          <p className="flex items-center gap-2 font-semibold text-red-900">
            <AlertIcon size={18} />
            {d.disputesOpen === 1
              ? '1 open dispute on your parts'
              : `${d.disputesOpen} open disputes on your parts`}
          </p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Open disputes">
            {d.disputes.map((x) => (
              <li key={x.id}>
                <Link
                  to={`/user/disputes/${x.id}`}
                  className="flex min-h-11 flex-col justify-center font-semibold text-red-900"
                  data-testid="dispute-link"
                >
                  <span className="underline">
                    {x.product_name}: {x.reason_label}
                  </span>
                  <span className="font-normal text-gray-800">
                    {x.buyer_name} · {when(x.created_at)} · {x.status_label}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {d.disputesOpen > d.disputes.length && (
            <Link to="/user/disputes" className="mt-1 inline-block text-sm underline">
              All disputes
            </Link>
          )}
        </div>
      ) : (
        <p className="text-sm text-gray-700">
          No open disputes.{' '}
          <Link to="/user/disputes" className="font-semibold text-brand-800 underline">
            Disputes
          </Link>
        </p>
      )}
      <p className="text-sm text-gray-700">
        {d.reviewsCount === 0
          ? 'No reviews of your parts yet.'
          : d.reviewsToAnswer > 0
            ? `${d.reviewsToAnswer} review${d.reviewsToAnswer === 1 ? '' : 's'} of your parts not answered yet.`
            : `${d.reviewsCount} review${d.reviewsCount === 1 ? '' : 's'} of your parts, all answered.`}{' '}
        <Link
          to="/user/store/reviews"
          className="font-semibold text-brand-800 underline"
          data-testid="reviews-link"
        >
          Reviews
        </Link>
      </p>
    </section>
  );
}
