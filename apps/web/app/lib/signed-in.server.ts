import { redirect } from './redirect.ts';
import { serverApi } from './api.server.ts';
import { loginRedirect } from './auth.server.ts';
import type { AnyAnswer } from './api.ts';

/**
 * An API answer for a page that needs a signed-in user: a session that ended meanwhile sends
 * the visitor to log in (and back here afterwards) instead of showing an error.
 */
export function signedIn<T extends AnyAnswer>(request: Request, ans: T): T {
  if (!ans.status && ans.httpStatus === 401) throw loginRedirect(request);
  return ans;
}

export async function apiGet<S extends string>(request: Request, context: unknown, path: S) {
  return signedIn(request, await serverApi(context).get(path));
}

/** Where to go after a form that changed something: the same page, without resubmitting. */
export function backTo(request: Request, fallback: string) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '');
  return redirect(path.startsWith('/') ? path : fallback);
}
