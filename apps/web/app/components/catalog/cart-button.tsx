import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useRouteLoaderData } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { addToCart, type Cartable } from '../../lib/cart.ts';
import { CartIcon, CheckIcon } from '../icons.tsx';
import { Link } from '../link.tsx';

interface AddAnswer {
  ok: boolean;
  message: string;
  count?: number;
}

/** The most one press adds: the stock when known, and never more than a cart line holds. */
const MAX_QTY = 999;

/**
 * 'Add to cart' with how many. A guest's cart lives in the browser; a signed-in buyer's on the
 * server (a fetcher to the cart page's action, which also refreshes the header count). Without
 * JavaScript it is a plain POST to the cart page (the quantity a plain number field): a guest
 * is sent to log in and comes back to the cart with the part offered again, so there is no dead
 * end. One confirmation under the button is updated on each press instead of a pile of toasts,
 * and brought into view: on a phone the button often sits at the bottom of the screen.
 */
export function CartButton({ product, stock }: { product: Cartable; stock?: number | null }) {
  const root = useRouteLoaderData('root') as { user?: AuthUser } | undefined;
  const signedIn = !!root?.user?.isauthenticated;
  const fetcher = useFetcher<AddAnswer>();
  const [local, setLocal] = useState<AddAnswer | null>(null);
  const soldOut = stock === 0;
  const max = typeof stock === 'number' && stock > 0 ? Math.min(stock, MAX_QTY) : MAX_QTY;
  const [qty, setQty] = useState(1);
  const confirmation = useRef<HTMLParagraphElement>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (signedIn) {
      e.preventDefault();
      const form = new FormData(e.currentTarget);
      form.set('stay', '1');
      form.set('quantity', String(qty));
      fetcher.submit(form, { method: 'post', action: '/shopping/cart' });
      return;
    }
    e.preventDefault();
    const items = addToCart(product, qty, stock);
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
  // The scroll margins keep it clear of the sticky header and a phone's bottom bar.
  useEffect(() => {
    if (tick) confirmation.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [tick]);
  const clamp = (n: number) => Math.max(1, Math.min(max, Math.floor(n) || 1));

  return (
    <div>
      <form method="post" action="/shopping/cart" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.prod_id} />
        <div className="flex items-stretch gap-2">
          {!soldOut && (
            <div className="flex items-center" role="group" aria-label="Quantity">
              <button
                type="button"
                className="btn-ghost size-11 px-0 text-lg"
                aria-label="One less"
                onClick={() => setQty((q) => clamp(q - 1))}
                disabled={qty <= 1}
              >
                −
              </button>
              <label htmlFor={`qty-${product.prod_id}`} className="sr-only">
                Quantity
              </label>
              <input
                id={`qty-${product.prod_id}`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                value={qty}
                onChange={(e) => setQty(clamp(Number(e.target.value)))}
                className="input h-11 w-14 px-1 text-center font-semibold tabular-nums"
                data-testid="add-quantity"
              />
              <button
                type="button"
                className="btn-ghost size-11 px-0 text-lg"
                aria-label="One more"
                onClick={() => setQty((q) => clamp(q + 1))}
                disabled={qty >= max}
              >
                +
              </button>
            </div>
          )}
          <button
            type="submit"
            className="btn-accent min-w-0 flex-1 text-base"
            disabled={soldOut || busy}
            data-testid="add-to-cart"
          >
            <CartIcon size={20} />
            {soldOut ? 'Out of stock' : busy ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="min-h-0">
        {answer && (
          <p
            key={tick}
            ref={confirmation}
            data-testid="cart-confirmation"
            className={`mt-2 flex scroll-mb-20 scroll-mt-40 flex-wrap items-center gap-x-2 rounded-[var(--radius-card)] border-l-4 px-3 py-2 text-sm font-medium ${answer.ok ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-red-600 bg-red-50 text-red-900'}`}
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
