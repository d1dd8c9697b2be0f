import { getState, setState, type CartItem } from './store.ts';

/** What the cart API answers (amounts in kobo), from its response schemas. */
export type { CartLine, CartStore, CartView } from '@sf/api/types';

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

/** The guest cart's lines as the server's merge call takes them. */
export function guestCartLines(items: CartItem[]) {
  return items
    .filter((i) => Number.isInteger(i.prod_id) && i.prod_id > 0 && (i.qty || 0) > 0)
    .map((i) => ({ productId: i.prod_id, quantity: Math.min(999, Math.floor(i.qty)) }));
}

type Post = (
  path: string,
  body: unknown,
) => Promise<{ status: boolean; message?: string; merged?: unknown; skipped?: unknown }>;

let merging: Promise<MergeOutcome | null> | null = null;
export interface MergeOutcome {
  merged: number;
  skipped: { productId: number; reason: string }[];
}

/**
 * At sign-in the guest's browser cart joins the server cart (the same part's quantities add,
 * capped at stock). The local lines are cleared only once the server took them, so a failed
 * call is tried again at the next page; two calls at once share one request.
 */
export function mergeGuestCart(post: Post): Promise<MergeOutcome | null> {
  const lines = guestCartLines(getState().userCart.items);
  if (lines.length === 0) return Promise.resolve(null);
  merging ??= post('/api/cart/merge', { items: lines })
    .then((ans) => {
      if (!ans.status) return null;
      setState((s) => ({ userCart: { ...s.userCart, items: [] } }));
      return {
        merged: Number(ans.merged ?? 0),
        skipped: (ans.skipped as MergeOutcome['skipped']) ?? [],
      };
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}
