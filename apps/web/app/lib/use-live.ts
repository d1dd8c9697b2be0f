import { startTransition, useEffect, useState } from 'react';

/**
 * False in the server's HTML and through hydration, true once the component's handlers are
 * attached: a form shows its no-JavaScript shape (plain submit buttons, every option) until it
 * can answer inline. The switch is a transition, so its re-render is cut into short slices
 * after hydration instead of one long task that holds a cheap phone's first taps back.
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => startTransition(() => setLive(true)), []);
  return live;
}
