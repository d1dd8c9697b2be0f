import { Form } from 'react-router';
import { useEffect, useRef } from 'react';
import type { AuthUser } from '@sf/api/types';
import { accountMenu, SIGNED_IN_COMMON } from '../lib/menus.ts';
import { closeOnActivate, useCloseOnNavigate } from '../lib/use-close-on-navigate.ts';
import { ChevronDown, UserIcon } from './icons.tsx';
import { Link } from './link.tsx';

/** The Accounts dropdown: a <details>, so it opens before JavaScript loads too. */
export function AccountsMenu({ user }: { user: AuthUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  useCloseOnNavigate(close);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false;
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);
  const items = accountMenu(user.role);
  return (
    <details ref={ref} className="relative" data-testid="accounts-menu">
      <summary className="btn cursor-pointer list-none text-white hover:bg-brand-800 [&::-webkit-details-marker]:hidden">
        <UserIcon size={20} />
        <span>{user.isauthenticated ? user.name.split(' ')[0] : 'Accounts'}</span>
        <ChevronDown size={16} />
      </summary>
      <ul
        className="card absolute right-0 z-50 mt-1 w-56 overflow-hidden py-1 text-gray-900"
        onClick={closeOnActivate(close)}
      >
        {items.map((i) => (
          <li key={i.label}>
            <Link to={i.to} className="block px-4 py-3 hover:bg-gray-100">
              {i.label}
            </Link>
          </li>
        ))}
        {user.isauthenticated && (
          <>
            {SIGNED_IN_COMMON.map((i) => (
              <li key={i.label}>
                <Link to={i.to} className="block px-4 py-3 hover:bg-gray-100">
                  {i.label}
                </Link>
              </li>
            ))}
            <li>
              <Form method="post" action="/auth/logout">
                <button
                  type="submit"
                  className="block w-full px-4 py-3 text-left hover:bg-gray-100"
                >
                  Sign out
                </button>
              </Form>
            </li>
          </>
        )}
      </ul>
    </details>
  );
}
