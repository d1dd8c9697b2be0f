import { Link } from 'react-router';
import { useAppState } from '../lib/store.ts';
import { CartIcon } from './icons.tsx';

/** The cart icon with its count: shown only when the cart has items; it links to checkout. */
export function CartLink() {
  const count = useAppState((s) => s.userCart.items.reduce((n, i) => n + (i.qty || 0), 0));
  if (count === 0) return null;
  return (
    <Link
      to="/shopping/checkout"
      className="btn relative px-2 text-white"
      aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}
      data-testid="cart-link"
    >
      <CartIcon />
      <span className="absolute -right-0.5 top-0.5 grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-900">
        {count}
      </span>
    </Link>
  );
}
