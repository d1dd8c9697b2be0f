import { data, Form } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { formStatus, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { field } from '../../lib/auth.server.ts';
import type { ReviewItem } from '../../lib/reviews.ts';
import { ReviewList } from '../../components/reviews/review-list.tsx';
import { ProviderReviewList } from '../../components/reviews/provider-reviews.tsx';
import type { Route } from './+types/reviews';
import { Field } from '../../components/form-field.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: reviews | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const api = serverApi(context);
  const [ans, providers] = await Promise.all([
    api.get('/api/admin/reviews'),
    api.get('/api/admin/provider-reviews'),
  ]);
  throwUnlessOk(ans, { what: 'Reviews' });
  throwUnlessOk(providers, { what: 'Reviews' });
  return {
    items: ans.items,
    providerItems: providers.items,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const id = Number(field(form, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return data({ message: 'Choose a review' }, { status: 400 });
  // Reviews of mechanics and tow vans go through the same audited hide, at their own address.
  const of = field(form, 'of') === 'provider' ? 'provider-reviews' : 'reviews';
  const ans = await serverApi(context).post(`/api/admin/${of}/${id}/hide`, {
    note: field(form, 'note'),
  });
  return ans.status
    ? { message: null }
    : data({ message: ans.message ?? 'Not hidden' }, { status: formStatus(ans) });
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { items, providerItems } = loaderData;
  const said = actionData;
  return (
    <main id="main" className="space-y-4">
      <h1 className="text-2xl font-bold">Reviews</h1>
      <p className="text-sm text-gray-700">
        Hide a review that breaks the rules (insults, phone numbers, another shop’s adverts). It
        leaves every page and average; the audit log keeps who and why.
      </p>
      {said?.message && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {said.message}
        </p>
      )}
      <div className="card p-4">
        <ReviewList
          items={items}
          show="store"
          extra={(r: ReviewItem) => !r.hidden && <HideForm id={r.id} />}
        />
      </div>
      <h2 className="text-xl font-bold">Mechanics and tow vans</h2>
      <div className="card p-4">
        {providerItems.length ? (
          <ProviderReviewList
            items={providerItems}
            extra={(r) => !r.hidden && <HideForm id={r.id} of="provider" />}
          />
        ) : (
          <p className="text-sm text-gray-700">No reviews of mechanics or tow vans yet.</p>
        )}
      </div>
    </main>
  );
}

function HideForm({ id, of }: { id: number; of?: 'provider' }) {
  const key = `${of ?? 'r'}-${id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="id" value={id} />
      {of && <input type="hidden" name="of" value={of} />}
      <Field
        className="min-w-0 flex-1"
        id={`note-${key}`}
        label="Rule broken"
        name="note"
        minLength={3}
        maxLength={300}
        required
      />
      <button type="submit" className="btn-ghost">
        Hide
      </button>
    </Form>
  );
}
