import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { browserApi } from './api.ts';
import { mergeGuestCart } from './cart.ts';
import { getState } from './store.ts';
import { useToast } from '../components/toasts.tsx';

/**
 * Once signed in, the parts a guest put in the browser cart move into the server cart, then
 * the pages that show the cart (and the header count) load again.
 */
export function useCartMerge(user: AuthUser) {
  const { revalidate } = useRevalidator();
  const notify = useToast();
  useEffect(() => {
    if (!user.isauthenticated || getState().userCart.items.length === 0) return;
    void mergeGuestCart((path, body) => browserApi.post(path, body)).then((out) => {
      if (!out) return;
      if (out.skipped.length)
        notify(
          'warning',
          `${out.skipped.length} part${out.skipped.length === 1 ? ' was' : 's were'} left out of your cart: sold out or no longer sold`,
        );
      void revalidate();
    });
  });
}
