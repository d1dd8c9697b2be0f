import { data, Form, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, signedIn } from '../../lib/signed-in.server.ts';
import { idParam } from '../../lib/catalog.server.ts';
import { field } from '../../lib/auth.server.ts';
import { RatingSelect } from '../../components/reviews/rating-select.tsx';
import { DISPUTE_REASON_OPTIONS, DISPUTE_WINDOW_DAYS } from '../../lib/disputes.ts';
import { ReviewList } from '../../components/reviews/review-list.tsx';
import { UploadForm } from '../../components/upload-form.tsx';
import type { Route } from './+types/order-item';
import { TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'A part of my order | SpareFinder NG' }];

/** One line of my order: review it once it is completed, or report a problem within 7 days. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Order');
  const productId = idParam(params.productId, 'Part');
  const ans = await apiGet(request, context, `/api/orders/${id}`);
  if (!ans.status) throw data({ message: 'There is no such order of yours' }, { status: 404 });
  const order = ans.order;
  const item = order.items.find((i) => i.productId === productId);
  if (!item) throw data({ message: 'This part is not in the order' }, { status: 404 });
  const [mine, disputes] = await Promise.all([
    apiGet(request, context, '/api/reviews/mine'),
    apiGet(request, context, '/api/disputes'),
  ]);
  const review = mine.status
    ? mine.items.find((r) => r.order_id === id && r.product_id === productId)
    : undefined;
  const dispute = disputes.status
    ? disputes.items.find(
        (d) => d.order_id === id && d.product_id === productId && d.viewer === 'buyer',
      )
    : undefined;
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt).getTime() : null;
  return {
    order,
    item,
    review: review ?? null,
    dispute: dispute ?? null,
    // Reviews speak of a part received: a completed order ('I received it'), not merely delivered.
    canReview: order.status === 'completed',
    canDispute:
      order.status === 'delivered' &&
      deliveredAt !== null &&
      deliveredAt + DISPUTE_WINDOW_DAYS * 86_400_000 > Date.now(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const orderId = idParam(params.id, 'Order');
  const productId = idParam(params.productId, 'Part');
  const form = await request.formData();
  const api = serverApi(context);
  if (field(form, 'intent') === 'dispute') {
    const ans = signedIn(
      request,
      await api.post('/api/disputes', {
        orderId,
        productId,
        reason: field(form, 'reason'),
        message: field(form, 'message').trim(),
      }),
    );
    if (ans.status) throw redirect(`/user/disputes/${(ans.item as { id: number }).id}`);
    return data(
      { kind: 'dispute' as const, message: ans.message ?? 'The dispute could not be opened' },
      { status: formStatus(ans) },
    );
  }
  const ans = signedIn(
    request,
    await api.post('/api/reviews', {
      orderId,
      productId,
      storeRating: Number(field(form, 'storeRating')) || 0,
      productRating: Number(field(form, 'productRating')) || 0,
      body: field(form, 'body').trim(),
    }),
  );
  if (ans.status) throw redirect(`/user/orders/${orderId}/item/${productId}?reviewed=1`);
  return data(
    {
      kind: 'review' as const,
      message:
        ans.httpStatus === 400
          ? 'Give the store and the part a rating from 1 to 5.'
          : (ans.message ?? 'The review could not be published'),
    },
    { status: formStatus(ans) },
  );
}

export default function OrderItem({ loaderData, actionData }: Route.ComponentProps) {
  const { order, item, review, dispute, canReview, canDispute } = loaderData;
  const said = actionData;
  const busy = useNavigation().state !== 'idle';
  return (
    <main id="main" className="container-page max-w-2xl space-y-4 py-5">
      <div>
        <Link to="/user/orders" className="text-sm text-brand-800 underline">
          My orders
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{item.name}</h1>
        <p className="text-sm text-gray-700">
          Order {order.number} from {order.store.name}: {order.statusLabel}
        </p>
      </div>

      <section aria-labelledby="review-heading" className="card space-y-3 p-4">
        <h2 id="review-heading" className="text-lg font-bold">
          Your review
        </h2>
        {review ? (
          <>
            <ReviewList items={[review]} />
            {!review.photo && (
              <UploadForm
                action={`/api/reviews/${review.id}/photo`}
                name="photo"
                label="Add a photo (optional)"
                hint="The part as it arrived, or fitted on your car."
                button="Upload photo"
                done="Your photo is on the review."
              />
            )}
          </>
        ) : canReview ? (
          <Form method="post" className="space-y-3" data-testid="review-form">
            <input type="hidden" name="intent" value="review" />
            <div className="grid gap-3 sm:grid-cols-2">
              <RatingSelect name="productRating" label="The part" />
              <RatingSelect name="storeRating" label={`The store, ${order.store.name}`} />
            </div>
            <TextAreaField
              name="body"
              label="What should other buyers know? (optional)"
              inputClassName="min-h-24"
              rows={4}
              maxLength={2000}
            />
            {said?.kind === 'review' && (
              <p role="alert" className="text-sm font-medium text-red-800">
                {said.message}
              </p>
            )}
            <button type="submit" className="btn-primary" disabled={busy}>
              Publish review
            </button>
          </Form>
        ) : (
          <p className="text-sm text-gray-700">
            You can review this part once the order is completed: press “I received it” on the order
            when it reaches you.
          </p>
        )}
      </section>

      <section aria-labelledby="problem-heading" className="card space-y-3 p-4">
        <h2 id="problem-heading" className="text-lg font-bold">
          A problem with this part?
        </h2>
        {dispute ? (
          <p className="text-sm">
            <Link
              to={`/user/disputes/${dispute.id}`}
              className="font-medium text-brand-800 underline"
            >
              Your dispute: {dispute.status_label}
            </Link>
          </p>
        ) : canDispute ? (
          <Form method="post" className="space-y-3" data-testid="dispute-form">
            <input type="hidden" name="intent" value="dispute" />
            <p className="text-sm text-gray-700">
              Within {DISPUTE_WINDOW_DAYS} days of delivery. SpareFinder holds your money until it
              is settled; add photos on the next page.
            </p>
            <fieldset>
              <legend className="label">What is wrong</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {DISPUTE_REASON_OPTIONS.map((r) => (
                  <label
                    key={r.value}
                    className="flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3"
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={r.value}
                      required
                      className="size-5 accent-brand-700"
                    />
                    {r.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <TextAreaField
              name="message"
              label="Tell the store what happened"
              inputClassName="min-h-24"
              rows={4}
              minLength={5}
              maxLength={2000}
              required
            />
            {said?.kind === 'dispute' && (
              <p role="alert" className="text-sm font-medium text-red-800">
                {said.message}
              </p>
            )}
            <button type="submit" className="btn-ghost" disabled={busy}>
              Open a dispute
            </button>
          </Form>
        ) : (
          <p className="text-sm text-gray-700">
            {order.status === 'delivered' || order.status === 'completed'
              ? `Disputes are opened within ${DISPUTE_WINDOW_DAYS} days of delivery, before the money goes to the store. Contact support for anything later.`
              : 'If something is wrong once the part arrives, you can open a dispute here.'}
          </p>
        )}
      </section>
    </main>
  );
}
