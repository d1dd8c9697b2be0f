import type { FormEvent } from 'react';
import { addToCart, type Cartable } from '../../lib/cart.ts';
import { CartIcon } from '../icons.tsx';
import { useToast } from '../toasts.tsx';

/**
 * 'Add to cart': fills the local cart (the header's cart icon shows the count). Without
 * JavaScript it is a plain GET form to the cart page, which adds the item there.
 */
export function CartButton({ product, stock }: { product: Cartable; stock?: number | null }) {
  const notify = useToast();
  const soldOut = stock === 0;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    addToCart(product, 1, stock);
    notify('success', `${product.name} added to your cart`, 4000);
  };
  return (
    <form method="get" action="/shopping/cart" onSubmit={onSubmit}>
      <input type="hidden" name="add" value={product.prod_id} />
      <button type="submit" className="btn-accent w-full text-base" disabled={soldOut}>
        <CartIcon size={20} />
        {soldOut ? 'Out of stock' : 'Add to cart'}
      </button>
    </form>
  );
}
