import { data, Form, redirectDocument, useNavigation } from 'react-router';
import { ChatWith } from '../../components/chat/chat-with.tsx';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, backTo, signedIn } from '../../lib/signed-in.server.ts';
import { intField } from '../../lib/form-values.ts';
import type { OrderView, PaymentsMode } from '../../lib/orders.ts';
import { paymentResult } from '../../lib/order-money.ts';
import { OrderCard } from '../../components/cart/order-card.tsx';
import { naira, TestPaymentNote } from '../../components/cart/money.tsx';
import type { Route } from './+types/orders';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'My orders | SpareFinder NG' }];

const PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lastId = intField(url.searchParams.get('lastId'));
  const [ans, disputes] = await Promise.all([
    apiGet(request, context, lastId ? `/api/orders?lastId=${lastId}` : '/api/orders'),
    apiGet(request, context, '/api/disputes'),
  ]);
  const checkout = url.searchParams.get('checkout');
  const payment = url.searchParams.get('payment');
  return {
    orders: ans.status ? ans.items : [],
    error: ans.status ? null : (ans.message ?? 'Your orders could not be loaded'),
    mode: ans.status ? ans.payments : ('off' as const),
    checkout: checkout && /^[0-9a-f-]{36}$/i.test(checkout) ? checkout : null,
    payment: payment && /^[a-z_]{1,20}$/.test(payment) ? payment : null,
    placed: url.searchParams.get('placed') === '1',
    lastId: lastId ?? null,
    // My disputes as a buyer, shown on their orders (a refund decided in one shows there).
    disputes: disputes.status ? disputes.items.filter((d) => d.viewer === 'buyer') : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = intField(form.get('orderId'));
  const intent = form.get('intent');
  const api = serverApi(context);
  if (intent === 'pay') {
    const checkoutId = String(form.get('checkoutId') ?? '');
    const ans = signedIn(
      request,
      await api.post(`/api/checkout/${encodeURIComponent(checkoutId)}/pay`),
    );
    if (ans.status) return redirectDocument(ans.authorizationUrl);
    return data(
      { ok: false, orderId: id, message: ans.message ?? 'The payment page could not be opened' },
      { status: formStatus(ans) },
    );
  }
  if (!id) return data({ ok: false, orderId: null, message: 'Choose an order' }, { status: 400 });
  const reason = String(form.get('reason') ?? '').trim();
  if (intent !== 'receive' && intent !== 'cancel')
    return data({ ok: false, orderId: id, message: 'Unknown request' }, { status: 400 });
  const ans =
    intent === 'receive'
      ? await api.post(`/api/orders/${id}/received`)
      : await api.post(`/api/orders/${id}/cancel`, reason ? { reason } : {});
  signedIn(request, ans);
  if (!ans.status)
    return data(
      { ok: false, orderId: id, message: ans.message ?? 'The order could not be changed' },
      { status: formStatus(ans) },
    );
  return backTo(request, '/user/orders');
}

const TONE = {
  good: 'border-brand-600 bg-brand-50 text-brand-900',
  bad: 'border-red-600 bg-red-50 text-red-900',
  waiting: 'border-amber-500 bg-amber-50 text-amber-900',
};

function Result({
  orders,
  payment,
  placed,
  mode,
}: {
  orders: OrderView[];
  payment: string | null;
  placed: boolean;
  mode: PaymentsMode;
}) {
  const r = paymentResult(orders, payment, placed);
  if (!r) return null;
  return (
    <div
      role="status"
      className={`mt-4 space-y-2 rounded-[var(--radius-card)] border-l-4 p-4 ${TONE[r.tone]}`}
      data-testid="checkout-result"
    >
      <p className="text-lg font-bold">{r.title}</p>
      <p className="text-sm">{r.body}</p>
      {payment && mode === 'test' && <TestPaymentNote />}
    </div>
  );
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, error, mode, checkout, payment, placed, lastId, disputes } = loaderData;
  const answer = actionData;
  const busy = useNavigation().state !== 'idle';
  const mine = checkout ? orders.filter((o) => o.checkoutId === checkout) : [];
  return (
    <main id="main" className="container-page max-w-3xl py-5">
      <h1 className="text-2xl font-bold">My orders</h1>
      {checkout && <Result orders={mine} payment={payment} placed={placed} mode={mode} />}
      {answer && !answer.ok && (
        <p
          role="alert"
          className="mt-3 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {answer.message}
        </p>
      )}
      {error && (
        <div className="card mt-5 p-6 text-center">
          <p className="font-medium text-red-800">{error}</p>
          <Link to="/user/orders" className="btn-ghost mt-3">
            Try again
          </Link>
        </div>
      )}
      {!error && orders.length === 0 && (
        <div className="card mt-5 p-6 text-center">
          <h2 className="text-lg font-semibold">You have no orders yet</h2>
          <p className="mt-2 text-gray-700">
            Orders you place at checkout are listed here, with where your money is at every step.
          </p>
          <Link to="/spares-parts" className="btn-primary mt-4">
            Find spare parts
          </Link>
        </div>
      )}
      <div className="mt-4 space-y-4">
        {orders.map((o) => (
          <OrderCard
            key={o.id}
            o={o}
            viewer="buyer"
            open={o.checkoutId === checkout}
            highlight={o.checkoutId === checkout}
            actions={
              <div className="flex flex-wrap gap-2">
                <div className="w-full sm:w-auto">
                  <ChatWith subject="order" subjectId={o.id} />
                </div>
                {disputes
                  .filter((d) => d.order_id === o.id)
                  .map((d) => (
                    <p key={d.id} className="w-full text-sm" data-testid="order-dispute">
                      <Link
                        to={`/user/disputes/${d.id}`}
                        className="font-medium text-brand-800 underline"
                      >
                        Dispute on {d.product_name}
                      </Link>
                      : <strong>{d.status_label}</strong>
                    </p>
                  ))}
                {(o.status === 'delivered' || o.status === 'completed') && (
                  <ul className="w-full space-y-1 text-sm">
                    {o.items.map((i) => (
                      <li key={i.productId}>
                        <Link
                          to={`/user/orders/${o.id}/item/${i.productId}`}
                          className="font-medium text-brand-800 underline"
                          data-testid="review-or-report"
                        >
                          Review {i.name}, or report a problem
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {o.actions.includes('receive') && (
                  // Asks first: pressing it pays the store and ends the chance of a dispute.
                  <details className="w-full" data-testid="receive">
                    <summary className="btn-primary w-full list-none sm:w-auto">
                      I received it
                    </summary>
                    <Form
                      method="post"
                      className="mt-2 space-y-2 rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-3 text-sm"
                    >
                      <input type="hidden" name="intent" value="receive" />
                      <input type="hidden" name="orderId" value={o.id} />
                      <p data-testid="receive-confirm">
                        {o.storeReceivesKobo !== undefined ? (
                          <>
                            <strong>{naira(o.storeReceivesKobo)}</strong> goes to {o.store.name}{' '}
                            (your payment less SpareFinder&apos;s commission).
                          </>
                        ) : (
                          <>The order is completed.</>
                        )}{' '}
                        Do this only once you have the right parts in good condition: after it,
                        problems go to the store or support, not a dispute.
                      </p>
                      <button
                        type="submit"
                        className="btn-primary w-full"
                        disabled={busy}
                        data-testid="received"
                      >
                        {o.storeReceivesKobo !== undefined
                          ? `Yes, release ${naira(o.storeReceivesKobo)} to the store`
                          : 'Yes, I received the parts'}
                      </button>
                    </Form>
                  </details>
                )}
                {o.disputeOpen && o.status === 'delivered' && (
                  <p
                    className="w-full rounded-[var(--radius-card)] bg-amber-50 p-3 text-sm text-amber-900"
                    data-testid="receive-blocked"
                  >
                    &lsquo;I received it&rsquo; is not offered while your dispute is open:
                    SpareFinder keeps the money until the dispute is settled. If the part turns out
                    fine, withdraw the dispute first.
                  </p>
                )}
                {o.actions.includes('pay') && (
                  <Form method="post" className="w-full sm:w-auto">
                    <input type="hidden" name="intent" value="pay" />
                    <input type="hidden" name="orderId" value={o.id} />
                    <input type="hidden" name="checkoutId" value={o.checkoutId} />
                    <button type="submit" className="btn-accent w-full" disabled={busy}>
                      Pay now{mode === 'test' ? ' (test payment)' : ''}
                    </button>
                  </Form>
                )}
                {o.actions.includes('cancel') && (
                  <details className="w-full">
                    <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-red-800 underline">
                      Cancel this order
                    </summary>
                    <Form method="post" className="mt-2 space-y-2">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="orderId" value={o.id} />
                      <label htmlFor={`reason-${o.id}`} className="label">
                        Why (optional)
                      </label>
                      <input
                        id={`reason-${o.id}`}
                        name="reason"
                        className="input"
                        maxLength={500}
                      />
                      <button type="submit" className="btn-ghost" disabled={busy}>
                        {o.paidAt ? 'Cancel and refund me' : 'Cancel the order'}
                      </button>
                    </Form>
                  </details>
                )}
                {answer && !answer.ok && answer.orderId === o.id && (
                  <p role="alert" className="w-full text-sm font-medium text-red-800">
                    {answer.message}
                  </p>
                )}
              </div>
            }
          />
        ))}
      </div>
      {(orders.length === PAGE || lastId) && (
        <nav className="mt-4 flex justify-between" aria-label="More orders">
          {lastId ? (
            <Link to="/user/orders" className="btn-ghost">
              Newest orders
            </Link>
          ) : (
            <span />
          )}
          {orders.length === PAGE && (
            <Link to={`/user/orders?lastId=${orders[orders.length - 1].id}`} className="btn-ghost">
              Older orders
            </Link>
          )}
        </nav>
      )}
    </main>
  );
}
