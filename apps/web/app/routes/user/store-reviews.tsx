import { answerReview, loadReviewsToAnswer } from '../../lib/reviews.server.ts';
import { AnswerForm } from '../../components/reviews/answer-form.tsx';
import { ReviewList } from '../../components/reviews/review-list.tsx';
import { Stars } from '../../components/reviews/stars.tsx';
import type { Route } from './+types/store-reviews';

export const meta: Route.MetaFunction = () => [{ title: 'Reviews of my store | SpareFinder NG' }];

export const loader = (args: Route.LoaderArgs) =>
  loadReviewsToAnswer(args, '/api/store/reviews', 'Only a store owner has store reviews');

export const action = (args: Route.ActionArgs) =>
  answerReview(args, (id) => `/api/reviews/${id}/answer`);

export default function StoreReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { items, rating } = loaderData;
  const said = actionData;
  return (
    <main id="main" className="container-page max-w-3xl space-y-4 py-5">
      <h1 className="text-2xl font-bold">Reviews of my store</h1>
      <Stars value={rating.average} count={rating.count} />
      {said?.message && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {said.message}
        </p>
      )}
      {items.length === 0 ? (
        <p className="card p-4 text-gray-700">No reviews yet: buyers review after delivery.</p>
      ) : (
        <div className="card p-4">
          <ReviewList
            items={items}
            show="store"
            extra={(r) => !r.answer && <AnswerForm id={r.id} />}
          />
        </div>
      )}
    </main>
  );
}
