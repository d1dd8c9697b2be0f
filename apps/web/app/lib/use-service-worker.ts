import { useEffect } from 'react';

/** How long after the page's load the worker waits before it installs. */
const SETTLE_MS = 2000;

/**
 * Registers the service worker (/sw.js, docs/decisions/0028) once the page has loaded and
 * settled, so it never competes with the first page for the phone's bandwidth or CPU; and, while
 * the phone has no signal, turns in-app link taps into real page loads, which the worker answers
 * with its saved copy (or the offline page) where the in-app route would only fail to fetch its
 * data.
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    // Installing fetches and stores the shell's dozen files on the worker's thread: a while after
    // the page has loaded (and then at an idle moment), so that on a two-core phone it does not
    // run beside the page's own hydration, which follows the load by up to a second or two.
    let timer: number | undefined;
    const register = () => {
      timer = window.setTimeout(() => {
        const go = () =>
          void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
        if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: SETTLE_MS });
        else go();
      }, SETTLE_MS);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    const onClick = (e: MouseEvent) => {
      if (navigator.onLine || e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
      e.preventDefault();
      window.location.assign(url.href);
    };
    window.addEventListener('click', onClick, true);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', register);
      window.removeEventListener('click', onClick, true);
    };
  }, []);
}
