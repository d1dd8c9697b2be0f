import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

/**
 * Closes a menu when a navigation starts, not when the new page is drawn: the router writes the
 * new URL before React draws its page (the draw is a transition, seconds late on a busy phone),
 * and a menu the user opened in between must not shut under their thumb when the draw lands.
 * A tap on a link or button inside the menu closes it too (`closeOnActivate`), so it never
 * waits for the next page.
 */
export function useCloseOnNavigate(close: () => void) {
  const state = useNavigation().state;
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (state !== 'idle') closeRef.current();
  }, [state]);
}

/** A click handler for a menu's container: closes it when a link or button in it is used. */
export const closeOnActivate = (close: () => void) => (e: { target: EventTarget | null }) => {
  if ((e.target as Element | null)?.closest?.('a, button')) close();
};
