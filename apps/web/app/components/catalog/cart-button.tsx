import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useRouteLoaderData } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { addToCart, type Cartable } from '../../lib/cart.ts';
import { CartIcon, CheckIcon } from '../icons.tsx';

interface AddAnswer {
  ok: boolean;
  message: string;
  count?: number;
}

/**
 * 'Add to cart'. A guest's cart lives in the browser; a signed-in buyer's on the server (a
 * fetcher to the cart page's action, which also refreshes the header count). Without
 * JavaScript it is a plain POST to the cart page: a guest is sent to log in and comes back to
 * the cart with the part offered again, so there is no dead end. One confirmation under the
 * button is updated on each press instead of a pile of toasts.
 */
export function CartButton({ product, stock }: { product: Cartable; stock?: number | null }) {
  const root = useRouteLoaderData('root') as { user?: AuthUser } | undefined;
  const signedIn = !!root?.user?.isauthenticated;
  const fetcher = useFetcher<AddAnswer>();
  const [local, setLocal] = useState<AddAnswer | null>(null);
  const soldOut = stock === 0;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (signedIn) {
      e.preventDefault();
      const form = new FormData(e.currentTarget);
      form.set('stay', '1');
      fetcher.submit(form, { method: 'post', action: '/shopping/cart' });
      return;
    }
    e.preventDefault();
    const items = addToCart(product, 1, stock);
    const inCart = items.find((i) => i.prod_id === product.prod_id)?.qty ?? 1;
    const capped = typeof stock === 'number' && stock > 0 && inCart >= stock;
    setLocal({
      ok: true,
      message: capped
        ? `Your cart has ${inCart}: that is all the stock`
        : `Added to your cart (${inCart} of this part)`,
    });
  };

  const answer = signedIn ? (fetcher.data ?? null) : local;
  const busy = fetcher.state !== 'idle';
  // Each press re-announces the same status line (never a new toast).
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (answer) setTick((t) => t + 1);
  }, [answer]);

  return (
    <div>
      <form method="post" action="/shopping/cart" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.prod_id} />
        <input type="hidden" name="quantity" value="1" />
        <button
          type="submit"
          className="btn-accent w-full text-base"
          disabled={soldOut || busy}
          data-testid="add-to-cart"
        >
          <CartIcon size={20} />
          {soldOut ? 'Out of stock' : busy ? 'Adding…' : 'Add to cart'}
        </button>
      </form>
      <div aria-live="polite" className="min-h-0">
        {answer && (
          <p
            key={tick}
            data-testid="cart-confirmation"
            className={`mt-2 flex flex-wrap items-center gap-x-2 rounded-[var(--radius-card)] border-l-4 px-3 py-2 text-sm font-medium ${answer.ok ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-red-600 bg-red-50 text-red-900'}`}
          >
            {answer.ok && <CheckIcon size={18} />}
            <span>{answer.message}</span>
            <Link
              to="/shopping/cart"
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              View cart
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
