import { Form, useLocation } from 'react-router';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { SWIPE_CLOSE_PX } from '@sf/shared/constants';
import type { AuthUser } from '@sf/api/types';
import { accountMenu, MAIN_NAV, SIGNED_IN_COMMON } from '../lib/menus.ts';
import { setState } from '../lib/store.ts';
import { closeOnActivate, useCloseOnNavigate } from '../lib/use-close-on-navigate.ts';
import { CloseIcon, MenuIcon } from './icons.tsx';
import { Link } from './link.tsx';

/**
 * Slide-in side menu for phones: closes on navigation or on a right swipe of more
 * than 60 px; the page behind does not scroll while it is open; focus stays inside it.
 */
export function MobileMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const opener = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const touchX = useRef<number | null>(null);

  useCloseOnNavigate(() => setOpen(false));
  // Opened by a tap before JavaScript took over: keep it open.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    setState({ isMenuOverlay: open });
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
      if (e.key !== 'Tab' || !panel.current) return;
      const focusables = panel.current.querySelectorAll<HTMLElement>('a, button, input');
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      opener.current?.focus();
    };
  }, [open]);

  const onTouchStart = (e: TouchEvent) => (touchX.current = e.touches[0].clientX);
  const onTouchEnd = (e: TouchEvent) => {
    if (touchX.current !== null && e.changedTouches[0].clientX - touchX.current > SWIPE_CLOSE_PX)
      setOpen(false);
    touchX.current = null;
  };
  const items = [
    ...MAIN_NAV,
    ...accountMenu(user.role),
    ...(user.isauthenticated ? SIGNED_IN_COMMON : []),
  ];

  // A <details>, so the menu opens without JavaScript too (Opera Mini): there the summary
  // toggles it and every link is a plain link. With JavaScript the summary only sets `open`.
  return (
    <details ref={details} open={open} className="md:hidden">
      <summary
        ref={opener}
        role="button"
        className="btn list-none px-2 text-white [&::-webkit-details-marker]:hidden"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <MenuIcon />
      </summary>
      <div
        className="fixed inset-0 z-50 md:hidden"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className="absolute inset-0 bg-black/50"
          data-testid="menu-overlay"
          onClick={() => setOpen(false)}
        />
        <div
          ref={panel}
          id="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="absolute inset-y-0 right-0 flex w-72 max-w-[85%] flex-col bg-white shadow-xl animate-[slide-in_.2s_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-2">
            <span className="font-bold text-brand-800">
              {user.isauthenticated ? `Hi, ${user.name.split(' ')[0]}` : 'Menu'}
            </span>
            {/* A link to this same page, so it closes the menu without JavaScript too. */}
            <a
              href={location.pathname + location.search}
              role="button"
              className="btn px-2"
              aria-label="Close menu"
              onClick={(e) => {
                e.preventDefault();
                setOpen(false);
              }}
            >
              <CloseIcon />
            </a>
          </div>
          <nav
            aria-label="Mobile"
            className="flex-1 overflow-y-auto"
            onClick={closeOnActivate(() => setOpen(false))}
          >
            <ul>
              {items.map((i) => (
                <li key={i.label + i.to}>
                  <Link to={i.to} className="block border-b border-gray-100 px-4 py-3.5 text-base">
                    {i.label}
                  </Link>
                </li>
              ))}
              {user.isauthenticated && (
                <li>
                  <Form method="post" action="/auth/logout">
                    <button
                      type="submit"
                      className="block w-full px-4 py-3.5 text-left text-base text-red-700"
                    >
                      Sign out
                    </button>
                  </Form>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </details>
  );
}
