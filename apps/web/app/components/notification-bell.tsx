import { useEffect, useState } from 'react';
import { browserApi } from '../lib/api.ts';
import { Link } from './link.tsx';

/**
 * The bell of a signed-in user: the unread count, read once in the browser and then kept up
 * to date by the live socket (every notification event carries the new count).
 */
export function NotificationBell() {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    void browserApi
      .get<never>('/api/notifications')
      .then((a) => a.status && setUnread(Number((a as { unread?: number }).unread ?? 0)));
  }, []);
  // The live socket's code loads after the page (the bell is a signed-in user's only; the shell
  // every guest loads stays within its budget, decision 0009).
  useEffect(() => {
    let off: (() => void) | undefined;
    let gone = false;
    void import('../lib/live.ts').then(({ subscribeLive }) => {
      if (gone) return;
      off = subscribeLive((e) => {
        if (typeof e.unread === 'number') setUnread(e.unread);
      });
    });
    return () => {
      gone = true;
      off?.();
    };
  }, []);
  return (
    <Link
      to="/user/notifications"
      className="btn relative px-2 text-white"
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {unread > 0 && (
        <span
          className="absolute -right-0.5 top-0.5 grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-900"
          data-testid="bell-count"
        >
          {unread}
        </span>
      )}
    </Link>
  );
}
