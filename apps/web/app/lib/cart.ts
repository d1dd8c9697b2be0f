import { getState, setState, type CartItem } from './store.ts';

export interface Cartable {
  prod_id: number;
  name: string;
  price: { price: number; sales: number | null };
  image?: { src: string } | null;
  store?: { name: string } | null;
}

/** Adds one of a product to the local cart (a guest's cart lives in the browser). */
export function addToCart(p: Cartable, qty = 1, stock?: number | null): CartItem[] {
  const items = getState().userCart.items;
  const at = items.findIndex((i) => i.prod_id === p.prod_id);
  const cap = (n: number) => (typeof stock === 'number' && stock > 0 ? Math.min(n, stock) : n);
  const next =
    at >= 0
      ? items.map((i, n) => (n === at ? { ...i, qty: cap((i.qty || 0) + qty) } : i))
      : [
          ...items,
          {
            prod_id: p.prod_id,
            name: p.name,
            price: p.price.price,
            sales: p.price.sales,
            qty: cap(qty),
            image: p.image?.src,
            store: p.store?.name,
          },
        ];
  setState((s) => ({ userCart: { ...s.userCart, items: next } }));
  return next;
}

export const cartCount = (items: CartItem[]) => items.reduce((n, i) => n + (i.qty || 0), 0);

export function removeFromCart(prodId: number) {
  setState((s) => ({
    userCart: { ...s.userCart, items: s.userCart.items.filter((i) => i.prod_id !== prodId) },
  }));
}
