import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { useEffect } from 'react';
import { AUTH_MESSAGES, checkLoginIdentifier, safeRedirect } from '@sf/shared';
import { field, GUARD_MESSAGES } from '../../lib/auth.server.ts';
import { cookieHeaders, formStatus, serverApi } from '../../lib/api.server.ts';
import { landingAfterLogin } from '../../lib/menus.ts';
import { AuthCard, Field, FormMessage, useFailureToast } from '../../components/form-field.tsx';
import { useDismissToast, useToast } from '../../components/toasts.tsx';

export const meta: MetaFunction = () => [{ title: 'Log in | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  const reason = url.searchParams.get('reason');
  const me = await serverApi(context).get('/api/auth/dszauth');
  const who = me.user as { isauthenticated?: boolean; role?: string } | undefined;
  if (who?.isauthenticated) throw redirect(landingAfterLogin(redirectTo, who.role));
  return {
    redirectTo,
    notice:
      reason === 'broadcast' || reason === 'feature'
        ? GUARD_MESSAGES[reason]
        : reason === 'login'
          ? GUARD_MESSAGES.login
          : null,
    reset: url.searchParams.get('reset') === '1',
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = field(form, 'email').trim();
  const password = field(form, 'password');
  const redirectTo = safeRedirect(field(form, 'redirectTo'));
  const fields: Record<string, string> = {};
  const e = checkLoginIdentifier(email);
  if (e) fields.email = e;
  if (!password) fields.password = 'Enter your password';
  if (Object.keys(fields).length)
    return data({ ok: false, message: undefined, fields, email }, { status: 400 });
  const api = serverApi(context);
  const ans = await api.post('/api/auth/login', { email, password });
  if (ans.status)
    return redirect(
      landingAfterLogin(redirectTo, (ans.user as { role?: string } | undefined)?.role),
      {
        headers: cookieHeaders(api.cookies()),
      },
    );
  return data(
    {
      ok: false,
      message: ans.message ?? AUTH_MESSAGES.badCredentials,
      fields: (ans.fields ?? {}) as Record<string, string>,
      email,
    },
    { status: formStatus(ans) },
  );
}

export default function Login() {
  const { redirectTo, notice, reset } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const notify = useToast();
  const dismiss = useDismissToast();
  const location = useLocation();
  useFailureToast(answer);
  // The guard's alert ('You are not logged in' or the broadcast one), also as a toast once
  // JavaScript runs. It goes with the page: once signed in, 'not logged in' is no longer true.
  useEffect(() => {
    if (!notice) return;
    const id = notify('warning', notice);
    return () => dismiss(id);
  }, [notice, location.key, notify, dismiss]);
  const q = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return (
    <AuthCard
      title="Log in"
      intro="Welcome back. Log in to buy parts, manage your store, workshop or garage."
    >
      {notice && <FormMessage type="warning">{notice}</FormMessage>}
      {reset && <FormMessage type="success">{AUTH_MESSAGES.resetDone}</FormMessage>}
      {answer?.message && <FormMessage type="error">{answer.message}</FormMessage>}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          name="email"
          label="E-mail or phone number"
          type="text"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={answer?.email}
          error={answer?.fields?.email}
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={512}
          error={answer?.fields?.password}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <div className="mt-5 flex flex-col gap-2 text-sm">
        <Link to="/auth/passwordreset" className="font-medium text-brand-700 underline">
          Forgot your password?
        </Link>
        <p>
          New to SpareFinder NG?{' '}
          <Link to={`/auth/register${q}`} className="font-medium text-brand-700 underline">
            Create an account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
