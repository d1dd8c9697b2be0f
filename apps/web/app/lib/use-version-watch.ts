import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { VersionAnswer } from '@sf/api/types';

const FIVE_MINUTES = 5 * 60 * 1000;
let stale = false;

/**
 * Notices a new deployment (without polling a build manifest): asks /api/version 1 s after
 * idle, then every 5 minutes; once it changed, the next navigation loads the page fresh from
 * the server.
 */
export function useVersionWatch() {
  const location = useLocation();
  useEffect(() => {
    let known: string | null = null;
    const check = async () => {
      try {
        const res = await fetch('/api/version', { cache: 'no-store' });
        const { version } = (await res.json()) as VersionAnswer;
        if (known && version !== known) stale = true;
        known = version;
      } catch {
        /* offline: try again next time */
      }
    };
    const idle = (cb: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(cb) : setTimeout(cb, 0);
    const first = setTimeout(() => idle(check), 1000);
    const every = setInterval(check, FIVE_MINUTES);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);
  useEffect(() => {
    if (stale) window.location.reload();
  }, [location.key]);
}
