import { useEffect } from 'react';

/**
 * Registers the service worker (/sw.js, docs/decisions/0028) once the page has loaded, so it
 * never competes with the first page for the phone's bandwidth; and, while the phone has no
 * signal, turns in-app link taps into real page loads, which the worker answers with its saved
 * copy (or the offline page) where the in-app route would only fail to fetch its data.
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    const register = () =>
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
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
      window.removeEventListener('load', register);
      window.removeEventListener('click', onClick, true);
    };
  }, []);
}
