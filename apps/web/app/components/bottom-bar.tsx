import { memo } from 'react';
import { NavLink } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { bottomBar } from '../lib/menus.ts';
import { ChatLink } from './chat/chat-link.tsx';

/**
 * Fixed bottom bar with the role's shortcuts, for signed-in users on phones.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const BottomBar = memo(function BottomBar({
  user,
  chat = true,
}: {
  user: AuthUser;
  chat?: boolean;
}) {
  if (!user.isauthenticated) return null;
  const items = bottomBar(user.role);
  return (
    <>
      {/* Room under the footer, so the fixed bar never hides the end of the page. */}
      <div aria-hidden className="h-14 md:hidden print:hidden" />
      <nav
        aria-label="Shortcuts"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white md:hidden print:hidden"
        data-testid="bottom-bar"
      >
        <ul className="flex">
          {items.map((i) => (
            <li key={i.label} className="flex-1">
              <NavLink
                to={i.to}
                end
                className={({ isActive }) =>
                  `flex min-h-14 items-center justify-center text-sm font-medium ${isActive ? 'text-brand-700' : 'text-gray-700'}`
                }
              >
                {i.label}
              </NavLink>
            </li>
          ))}
          {chat && (
            <li className="flex-1">
              <ChatLink place="bar" />
            </li>
          )}
        </ul>
      </nav>
    </>
  );
});
