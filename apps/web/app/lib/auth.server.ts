import { data } from 'react-router';
import { redirect } from './redirect.ts';
import { AUTH_MESSAGES, MESSAGES, guardReason, type Role } from '@sf/shared';
import type { AuthUser } from '@sf/api/types';
import { serverApi } from './api.server.ts';
import type { ServerContext } from './context.ts';

/** The page the visitor was on (without React Router's data suffix), for ?redirectTo=. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const q = url.searchParams.toString();
  return url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') + (q ? `?${q}` : '');
}

export function loginRedirect(request: Request, reason: 'login' | 'broadcast' = 'login') {
  const q = new URLSearchParams({ redirectTo: currentPath(request), reason });
  return redirect(`/auth/login?${q}`);
}

export const GUARD_MESSAGES = {
  login: MESSAGES.notLoggedIn,
  broadcast: MESSAGES.loginForBroadcast,
  // A signed-in feature offered on a public page (saving a search, a price alert).
  feature: MESSAGES.loginForBroadcast,
} as const;

/**
 * The signed-in visitor (null: a guest). The session was looked up once when the request
 * arrived and the load context carries it; only after an action wrote in this request is the
 * API asked again (the write may have signed them out or changed their role).
 */
export async function currentUser(context: unknown): Promise<AuthUser | null> {
  const known = (context as Partial<ServerContext> | undefined)?.user;
  if (known !== undefined) return known;
  const ans = await serverApi(context).get('/api/auth/dszauth');
  const user = ans.status ? (ans.user as AuthUser) : null;
  return user?.isauthenticated ? user : null;
}

/**
 * The signed-in user, checked on the server. Guests are sent to /auth/login (and back
 * afterwards); a signed-in user without one of `roles` gets a 403 error page.
 */
export async function requireUser(
  request: Request,
  context: unknown,
  roles?: Exclude<Role, 'guest'>[],
): Promise<AuthUser> {
  const user = await currentUser(context);
  if (!user) {
    throw loginRedirect(
      request,
      guardReason(new URL(request.url).pathname) === 'broadcast' ? 'broadcast' : 'login',
    );
  }
  if (roles && !roles.includes(user.role as Exclude<Role, 'guest'>)) {
    throw data(
      {
        message:
          roles.length === 1 && roles[0] === 'Admin'
            ? AUTH_MESSAGES.adminOnly
            : 'Your account cannot open this page',
      },
      { status: 403, statusText: 'Forbidden' },
    );
  }
  return user;
}

/** A form field as a string (missing → ''). */
export const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
