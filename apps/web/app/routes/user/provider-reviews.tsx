import { answerReview, loadReviewsToAnswer } from '../../lib/reviews.server.ts';
import { AnswerForm } from '../../components/reviews/answer-form.tsx';
import { ProviderReviewList } from '../../components/reviews/provider-reviews.tsx';
import type { Route } from './+types/provider-reviews';

// /user/workshop/reviews and /user/garage/reviews: a mechanic's or tow van's reviews, to answer.
export const meta: Route.MetaFunction = () => [
  { title: 'Reviews from my customers | SpareFinder NG' },
];

export const loader = (args: Route.LoaderArgs) =>
  loadReviewsToAnswer(
    args,
    '/api/provider-reviews/mine',
    'Only a mechanic or tow van has these reviews',
  );

export const action = (args: Route.ActionArgs) =>
  answerReview(args, (id) => `/api/provider-reviews/${id}/answer`);

export default function ProviderReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const said = actionData;
  return (
    <main id="main" className="container-page max-w-3xl space-y-4 py-5">
      <h1 className="text-2xl font-bold">Reviews from my customers</h1>
      {said?.message && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {said.message}
        </p>
      )}
      {items.length === 0 ? (
        <p className="card p-4 text-gray-700">
          No reviews yet: customers review you after accepting your offer on their request.
        </p>
      ) : (
        <div className="card p-4">
          <ProviderReviewList items={items} extra={(r) => !r.answer && <AnswerForm id={r.id} />} />
        </div>
      )}
    </main>
  );
}
