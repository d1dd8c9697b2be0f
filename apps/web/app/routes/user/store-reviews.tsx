import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, signedIn } from '../../lib/shop.server.ts';
import { field } from '../../lib/auth.server.ts';
import type { ReviewList as Reviews } from '../../lib/reviews.ts';
import { ReviewList } from '../../components/trust/review-list.tsx';
import { Stars } from '../../components/trust/stars.tsx';

export const meta: MetaFunction = () => [{ title: 'Reviews of my store | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ans = await apiGet(request, context, '/api/store/reviews');
  if (!ans.status)
    throw data({ message: ans.message ?? 'Only a store owner has store reviews' }, { status: 403 });
  return ans as unknown as Reviews;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = Number(field(form, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return data({ message: 'Choose a review' }, { status: 400 });
  const ans = signedIn(
    request,
    await serverApi(context).post(`/api/reviews/${id}/answer`, { answer: field(form, 'answer') }),
  );
  return ans.status
    ? { message: null }
    : data({ message: ans.message ?? 'Not published' }, { status: formStatus(ans) });
}

export default function StoreReviews() {
  const { items, rating } = useLoaderData<typeof loader>();
  const said = useActionData<typeof action>();
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
            extra={(r) =>
              !r.answer && (
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="id" value={r.id} />
                  <label htmlFor={`answer-${r.id}`} className="label">
                    Answer publicly (once)
                  </label>
                  <textarea
                    id={`answer-${r.id}`}
                    name="answer"
                    rows={2}
                    maxLength={1000}
                    required
                    className="input"
                  />
                  <button type="submit" className="btn-ghost">
                    Publish answer
                  </button>
                </Form>
              )
            }
          />
        </div>
      )}
    </main>
  );
}
