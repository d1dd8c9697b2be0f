import { useRouteLoaderData } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { useAppState } from '../lib/store.ts';
import { CartIcon } from './icons.tsx';
import { plural } from '@sf/shared/words';
import { Link } from './link.tsx';

/**
 * The cart icon with its count, shown only when the cart has items and leading to checkout.
 * A signed-in user's count comes from the server cart (read with the page), a guest's from
 * the browser cart.
 */
export function CartLink() {
  const root = useRouteLoaderData('root') as
    { user?: AuthUser; cartCount?: number | null } | undefined;
  const local = useAppState((s) => s.userCart.items.reduce((n, i) => n + (i.qty || 0), 0));
  const count = root?.user?.isauthenticated ? (root.cartCount ?? 0) + local : local;
  if (count === 0) return null;
  return (
    <Link
      to="/shopping/checkout"
      className="btn relative px-2 text-white"
      aria-label={`Cart, ${plural(count, 'item')}`}
      data-testid="cart-link"
    >
      <CartIcon />
      <span
        className="absolute -right-0.5 top-0.5 grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-900"
        data-testid="cart-count"
      >
        {count}
      </span>
    </Link>
  );
}
