import { useSyncExternalStore } from 'react';
import { guestUser, makeGuestId, type CurrentUser } from '@sf/shared/user';

/** Shared client state (user, cart, filters, menu). Persisted parts live in local storage. */
export interface CartItem {
  prod_id: number;
  name: string;
  price: number;
  sales: number | null;
  qty: number;
  image?: string;
  store?: string;
}
export interface AppState {
  user: CurrentUser;
  isMenuOverlay: boolean;
  isLoading: boolean;
  userCart: { cart_id: string | null; items: CartItem[] };
  checkout: unknown[];
  coupons: string[];
  currentItem: unknown[];
  activeTab: number;
  filters: Record<string, Record<string, string>>;
}

const PERSISTED = ['user', 'userCart', 'checkout', 'coupons', 'currentItem'] as const;
const KEY = 'sf:state';

// The server always renders the guest defaults; a fixed id keeps SSR output stable.
const serverState: AppState = {
  user: guestUser(''.padEnd(64, '0')),
  isMenuOverlay: false,
  isLoading: false,
  userCart: { cart_id: null, items: [] },
  checkout: [],
  coupons: [],
  currentItem: [],
  activeTab: 0,
  filters: {},
};

let state: AppState | null = null;
const listeners = new Set<() => void>();

function load(): AppState {
  const fresh: AppState = { ...serverState, user: guestUser(makeGuestId()) };
  try {
    const raw = window.localStorage.getItem(KEY);
    if (raw) {
      const saved = JSON.parse(raw) as Partial<AppState>;
      for (const k of PERSISTED) if (saved[k] !== undefined) (fresh as any)[k] = saved[k];
    }
  } catch {
    /* unreadable storage: start as a guest */
  }
  return fresh;
}

export function getState(): AppState {
  if (typeof window === 'undefined') return serverState;
  if (!state) state = load();
  return state;
}

export function setState(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)) {
  const cur = getState();
  state = { ...cur, ...(typeof patch === 'function' ? patch(cur) : patch) };
  try {
    const persisted = Object.fromEntries(PERSISTED.map((k) => [k, state![k]]));
    window.localStorage.setItem(KEY, JSON.stringify(persisted));
  } catch {
    /* storage full or disabled: state still works for this page */
  }
  listeners.forEach((l) => l());
}

export function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(getState()),
    () => select(serverState),
  );
}
