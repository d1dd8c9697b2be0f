import { Form, useRouteLoaderData } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import type { AuthUser } from '@sf/api/types';
import { cookieHeaders, serverApi } from '../../lib/api.server.ts';
import { AuthCard } from '../../components/form-field.tsx';
import { getState, setState } from '../../lib/store.ts';
import type { Route } from './+types/logout';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Sign out | SpareFinder NG' }];

/** Sign out: the logout call, then home. The cookie is cleared even if the session had already ended. */
export async function action({ context }: Route.ActionArgs) {
  const api = serverApi(context);
  await api.post('/api/auth/logout');
  return redirect('/', { headers: cookieHeaders(api.cookies()) });
}

/** Clears cart, coupons and current item in the browser before the sign-out request leaves. */
export function clearSignedInState() {
  const s = getState();
  if (!s.user.isauthenticated) return;
  setState({ userCart: { cart_id: null, items: [] }, coupons: [], currentItem: [], checkout: [] });
}

export default function Logout() {
  const root = useRouteLoaderData('root') as { user: AuthUser } | undefined;
  const user = root?.user;
  if (!user?.isauthenticated) {
    return (
      <AuthCard title="Sign out" intro="You are not signed in.">
        <div className="flex gap-3">
          <Link to="/auth/login" className="btn-primary">
            Log in
          </Link>
          <Link to="/" className="btn-ghost">
            Go to the home page
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign out"
      intro={`You are signed in as ${user.name}. Sign out of SpareFinder NG on this device?`}
    >
      <Form method="post" onSubmit={clearSignedInState} className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Sign out
        </button>
        <Link to="/" className="btn-ghost">
          Stay signed in
        </Link>
      </Form>
    </AuthCard>
  );
}
