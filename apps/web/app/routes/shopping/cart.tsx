import { data, Form, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { salePrice, plural } from '@sf/shared';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet } from '../../lib/signed-in.server.ts';
import { intField } from '../../lib/form-values.ts';
import type { CartLine } from '../../lib/cart.ts';
import { naira } from '../../components/cart/money.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { OfferNote } from '../../components/cart/offer-note.tsx';
import { Thumb } from '../../components/photo.tsx';
import type { Route } from './+types/cart';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Your cart | SpareFinder NG' }];

interface Offer {
  id: number;
  name: string;
  priceKobo: number;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cart = await apiGet(request, context, '/api/cart');
  // A part a guest pressed 'Add to cart' on without JavaScript, offered again after login.
  let offer: Offer | null = null;
  const addId = intField(url.searchParams.get('add'));
  const lines = cart.status ? cart.items : [];
  if (addId && !lines.some((l) => l.productId === addId)) {
    const p = await serverApi(context).get(`/api/products/${addId}`);
    if (p.status)
      offer = {
        id: addId,
        name: p.item.name,
        priceKobo: Math.round(salePrice(p.item.price).current * 100),
      };
  }
  const added = intField(url.searchParams.get('added'));
  return {
    cart: cart.status ? cart : null,
    error: cart.status ? null : (cart.message ?? 'Your cart could not be loaded'),
    offer,
    added: added ? (lines.find((l) => l.productId === added)?.name ?? null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const productId = intField(form.get('productId'));
  const quantity = intField(form.get('quantity'));
  const stay = form.get('stay') === '1';
  const api = serverApi(context);
  if (!productId) return data({ ok: false, message: 'Choose a part' }, { status: 400 });

  let ans;
  if (intent === 'add') {
    ans = await api.post('/api/cart/items', { productId, quantity: quantity ?? 1 });
    if (!ans.status && ans.httpStatus === 401) {
      // A guest without JavaScript: log in, then the cart offers this part again.
      const q = new URLSearchParams({
        redirectTo: `/shopping/cart?add=${productId}`,
        reason: 'login',
      });
      return redirect(`/auth/login?${q}`);
    }
  } else if (intent === 'quantity' && quantity) {
    ans = await api.patch(`/api/cart/items/${productId}`, { quantity });
  } else if (intent === 'remove' || (intent === 'quantity' && !quantity)) {
    ans = await api.del(`/api/cart/items/${productId}`);
  } else {
    return data({ ok: false, message: 'Unknown request' }, { status: 400 });
  }
  const message =
    'message' in ans && typeof ans.message === 'string'
      ? ans.message
      : ans.status
        ? 'Your cart is updated'
        : '';
  if (stay || !ans.status)
    return data(
      {
        ok: ans.status,
        message: message || 'Your cart could not be changed',
        count: ans.status ? ans.itemCount : undefined,
      },
      { status: ans.status ? 200 : formStatus(ans) },
    );
  return redirect(intent === 'add' ? `/shopping/cart?added=${productId}` : '/shopping/cart');
}

function Qty({ line, busy }: { line: CartLine; busy: boolean }) {
  // While an accepted offer lasts the line holds its offered quantity at most (the API refuses more).
  const max = Math.max(1, Math.min(999, line.stock, line.offer?.quantity ?? 999));
  return (
    <Form method="post" className="flex items-center" aria-label={`Quantity of ${line.name}`}>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="productId" value={line.productId} />
      <button
        type="submit"
        name="quantity"
        value={line.quantity - 1}
        className="btn-ghost size-11 px-0 text-lg"
        aria-label={line.quantity <= 1 ? `Remove ${line.name}` : `One less ${line.name}`}
        disabled={busy}
      >
        −
      </button>
      <span className="w-10 text-center font-semibold tabular-nums" data-testid="line-qty">
        {line.quantity}
      </span>
      <button
        type="submit"
        name="quantity"
        value={line.quantity + 1}
        className="btn-ghost size-11 px-0 text-lg"
        aria-label={`One more ${line.name}`}
        disabled={busy || line.quantity >= max || !line.available}
      >
        +
      </button>
    </Form>
  );
}

function Line({ line, busy }: { line: CartLine; busy: boolean }) {
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-gray-100">
        {line.image && (
          <Thumb
            src={line.image}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-16 object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <Link to={line.url} className="block font-medium leading-snug text-gray-900 underline">
          {line.name}
        </Link>
        <p className="text-sm text-gray-700">
          {naira(line.unitPriceKobo)} each
          {line.priceChangedFromKobo !== null && (
            <>
              {' '}
              <s className="text-gray-500">{naira(line.priceChangedFromKobo)}</s>
            </>
          )}
        </p>
        {line.offer && <OfferNote offer={line.offer} />}
        {line.problem && (
          <p
            className="flex items-start gap-1 text-sm font-medium text-red-800"
            data-testid="line-problem"
          >
            <AlertIcon size={16} className="mt-0.5 shrink-0" />
            {line.problem}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          <Qty line={line} busy={busy} />
          <p className="font-bold tabular-nums text-gray-900">
            <span className="sr-only">Line total: </span>
            {naira(line.lineTotalKobo)}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <button
            type="submit"
            className="-ml-2 min-h-11 px-2 text-sm font-medium text-red-800 underline"
            disabled={busy}
          >
            Remove
          </button>
        </Form>
      </div>
    </li>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, error, offer, added } = loaderData;
  const answer = actionData;
  const busy = useNavigation().state !== 'idle';
  const lines = cart?.items ?? [];
  return (
    <main id="main" className="container-page max-w-4xl py-5">
      <h1 className="text-2xl font-bold">Your cart</h1>
      {added && (
        <p
          role="status"
          className="mt-3 flex items-center gap-2 rounded-[var(--radius-card)] border-l-4 border-brand-600 bg-brand-50 p-3 text-sm font-medium text-brand-900"
        >
          <CheckIcon size={18} /> {added} is in your cart
        </p>
      )}
      {answer && !answer.ok && (
        <p
          role="alert"
          className="mt-3 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {answer.message}
        </p>
      )}
      {offer && (
        <Form
          method="post"
          className="card mt-4 flex flex-wrap items-center justify-between gap-3 p-4"
          data-testid="cart-offer"
        >
          <p>
            Add <strong>{offer.name}</strong> ({naira(offer.priceKobo)}) to your cart?
          </p>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={offer.id} />
          <input type="hidden" name="quantity" value="1" />
          <button type="submit" className="btn-accent">
            Add to cart
          </button>
        </Form>
      )}
      {error && (
        <div className="card mt-5 p-6 text-center">
          <p className="font-medium text-red-800">{error}</p>
          <Link to="/shopping/cart" className="btn-ghost mt-3">
            Try again
          </Link>
        </div>
      )}
      {cart && lines.length === 0 && !offer && (
        <div className="card mt-5 p-6 text-center" data-testid="cart-empty">
          <h2 className="text-lg font-semibold">Your cart is empty</h2>
          <p className="mt-2 text-gray-700">
            Find the part that fits your car, then press 'Add to cart'.
          </p>
          <Link to="/spares-parts" className="btn-primary mt-4">
            Find spare parts
          </Link>
        </div>
      )}
      {cart && lines.length > 0 && (
        <div className="mt-4 grid gap-4 md:grid-cols-[1fr_20rem] md:items-start">
          <div className="space-y-4">
            {cart.stores.map((g) => (
              <section
                key={g.storeId}
                className="card px-4 pb-2 pt-3"
                aria-labelledby={`store-${g.storeId}`}
                data-testid="cart-store"
              >
                <h2 id={`store-${g.storeId}`} className="text-base font-bold">
                  Sold by{' '}
                  <Link to={g.storeUrl} className="text-brand-800 underline">
                    {g.storeName}
                  </Link>
                </h2>
                <ul className="divide-y divide-gray-200">
                  {g.lines.map((l) => (
                    <Line key={l.productId} line={l} busy={busy} />
                  ))}
                </ul>
                <p className="flex justify-between border-t border-gray-200 py-2 text-sm">
                  <span>Parts from {g.storeName}</span>
                  <span className="font-semibold tabular-nums">{naira(g.subtotalKobo)}</span>
                </p>
              </section>
            ))}
          </div>
          <aside className="card space-y-3 p-4 md:sticky md:top-28" aria-label="Cart total">
            <dl>
              <div className="flex items-baseline justify-between gap-3 font-bold">
                <dt className="text-base">Parts ({plural(cart.itemCount, 'item')})</dt>
                <dd className="text-xl tabular-nums" data-testid="cart-subtotal">
                  {naira(cart.subtotalKobo)}
                </dd>
              </div>
            </dl>
            <p className="text-sm text-gray-700">
              Delivery fees and coupons are added at checkout.
            </p>
            {lines.every((l) => l.available && l.quantity <= l.stock) ? (
              <Link
                to="/shopping/checkout"
                className="btn-primary w-full"
                data-testid="to-checkout"
              >
                Go to checkout
              </Link>
            ) : (
              <p className="text-sm font-medium text-red-800">
                Fix the lines marked above to check out.
              </p>
            )}
          </aside>
        </div>
      )}
    </main>
  );
}
