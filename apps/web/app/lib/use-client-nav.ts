import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Plain links marked `data-nav` (our <Link>, components/link.tsx, and shell parts rendered once
 * on the server, which have no router) navigate inside the page as React Router's <Link> does,
 * once JavaScript runs; before, they are links. As there, a link to the page already shown
 * replaces its history entry instead of adding one.
 */
export function useClientNav() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const a = (e.target as Element | null)?.closest?.('a[data-nav]') as HTMLAnchorElement | null;
      if (!a || a.target || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
