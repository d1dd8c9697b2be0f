import { memo } from 'react';
import { NavLink } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { MAIN_NAV } from '../lib/menus.ts';
import { AccountsMenu } from './accounts-menu.tsx';
import { HeaderSearch } from './header-search.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { CartLink } from './cart-link.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { PlaceLink } from './place-link.tsx';
import { ChatLink } from './chat/chat-link.tsx';
import { Link } from './link.tsx';

export function Wordmark() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-1.5 text-lg font-extrabold tracking-tight text-white"
      aria-label="SpareFinder NG home"
    >
      <span className="grid size-8 place-items-center rounded-lg bg-accent-400 text-brand-900">
        SF
      </span>
      <span>
        SpareFinder<span className="text-amber-300">.ng</span>
      </span>
    </Link>
  );
}

/** Memoised: the router renders a page again once it learns its links' routes (decision 0039). */
export const Header = memo(function Header({
  user,
  place,
  chat = true,
}: {
  user: AuthUser;
  place: { state: string; city: string | null } | null;
  /** The customer Chat (left out of the admin area, where staff answer in the support inbox). */
  chat?: boolean;
}) {
  return (
    <header className="sticky top-0 z-40 bg-brand-700 text-white shadow print:hidden">
      <div className="container-page flex items-center gap-3 py-2">
        <Wordmark />
        <div className="hidden flex-1 md:block">
          <HeaderSearch id="header-search-desktop" />
        </div>
        <div className="hidden md:block">
          <PlaceLink place={place} />
        </div>
        <div className="ml-auto flex items-center gap-1">
          {/* A signed-in phone user has Chat in the bottom bar: no room for it up here. */}
          {chat && (
            <span className={user.isauthenticated ? 'hidden md:contents' : 'contents'}>
              <ChatLink place="header" />
            </span>
          )}
          {user.isauthenticated && <NotificationBell />}
          <CartLink />
          <div className="hidden md:block">
            <AccountsMenu user={user} />
          </div>
          <MobileMenu user={user} />
        </div>
      </div>
      <div className="container-page flex items-center gap-1 pb-2 md:hidden">
        <div className="min-w-0 flex-1">
          <HeaderSearch />
        </div>
        <PlaceLink place={place} />
      </div>
      <nav aria-label="Main" className="hidden bg-brand-800 md:block">
        <ul className="container-page flex gap-1">
          {MAIN_NAV.map((i) => (
            <li key={i.to}>
              <NavLink
                to={i.to}
                className={({ isActive }) =>
                  `block px-3 py-2.5 text-sm font-medium hover:bg-brand-900 ${isActive ? 'bg-brand-900 text-accent-400' : ''}`
                }
              >
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
});
