import { useEffect } from 'react';
import { makeGuestId } from '@sf/shared/user';
import type { AuthUser } from '@sf/api/types';
import { getState, setState } from './store.ts';

/**
 * Mirrors the server's answer about the session into the stored current user after every
 * navigation. A guest keeps their own random id and their local cart (merged at
 * sign-in); their store, coupons and current item are cleared.
 */
export function useSessionSync(user: AuthUser) {
  useEffect(() => {
    const s = getState();
    if (user.isauthenticated) {
      if (
        s.user.id !== user.id ||
        s.user.role !== user.role ||
        s.user.name !== user.name ||
        s.user.telephone !== user.tel
      ) {
        setState({
          user: {
            ...s.user,
            id: user.id,
            name: user.name,
            telephone: user.tel,
            role: user.role,
            isauthenticated: true,
          },
        });
      }
    } else if (s.user.isauthenticated || s.user.store || s.coupons.length || s.currentItem.length) {
      const wasSignedIn = s.user.isauthenticated;
      setState({
        user: {
          ...s.user,
          ...(wasSignedIn
            ? {
                id: makeGuestId(),
                name: 'guest',
                role: 'guest',
                telephone: '0900000000',
                isauthenticated: false,
              }
            : {}),
          store: null,
        },
        coupons: [],
        currentItem: [],
        // A signed-in user's cart lives on the server; only a guest's local cart is kept.
        userCart: wasSignedIn ? { cart_id: null, items: [] } : s.userCart,
      });
    }
  });
}
