import { data, Form, useLocation, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { useEffect } from 'react';
import { AUTH_MESSAGES, checkLoginIdentifier, safeRedirect } from '@sf/shared';
import { currentUser, field, GUARD_MESSAGES } from '../../lib/auth.server.ts';
import { cookieHeaders, formStatus, serverApi } from '../../lib/api.server.ts';
import { landingAfterLogin } from '../../lib/menus.ts';
import { phoneAction, type PhoneStep } from '../../lib/phone-auth.server.ts';
import { AuthCard, FormMessage, useFailureToast } from '../../components/form-field.tsx';
import { CurrentPasswordField, LoginIdField } from '../../components/account-fields.tsx';
import { CodeStep, PhoneField } from '../../components/phone-sign-in.tsx';
import { useDismissToast, useToast } from '../../components/toasts.tsx';
import type { Route } from './+types/login';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Log in | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  const reason = url.searchParams.get('reason');
  const who = await currentUser(context);
  if (who) throw redirect(landingAfterLogin(redirectTo, who.role));
  return {
    redirectTo,
    // Phone first (decision 0029); ?with=email shows the e-mail and password form.
    withEmail: url.searchParams.get('with') === 'email',
    notice:
      reason === 'broadcast' || reason === 'feature'
        ? GUARD_MESSAGES[reason]
        : reason === 'login'
          ? GUARD_MESSAGES.login
          : null,
    reset: url.searchParams.get('reset') === '1',
  };
}

type PasswordAnswer = {
  kind: 'password';
  ok: false;
  message?: string;
  fields: Record<string, string>;
  email: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'code' || intent === 'verify')
    return phoneAction(form, context, {
      landing: (to, ans) => landingAfterLogin(to, ans.user.role),
    });
  const email = field(form, 'email').trim();
  const password = field(form, 'password');
  const redirectTo = safeRedirect(field(form, 'redirectTo'));
  const fields: Record<string, string> = {};
  const e = checkLoginIdentifier(email);
  if (e) fields.email = e;
  if (!password) fields.password = 'Enter your password';
  if (Object.keys(fields).length)
    return data<PasswordAnswer>(
      { kind: 'password', ok: false, message: undefined, fields, email },
      { status: 400 },
    );
  const api = serverApi(context);
  const ans = await api.post('/api/auth/login', { email, password });
  if (ans.status)
    return redirect(
      landingAfterLogin(redirectTo, (ans.user as { role?: string } | undefined)?.role),
      { headers: cookieHeaders(api.cookies()) },
    );
  return data<PasswordAnswer>(
    {
      kind: 'password',
      ok: false,
      message: ans.message ?? AUTH_MESSAGES.badCredentials,
      fields: (ans.fields ?? {}) as Record<string, string>,
      email,
    },
    { status: formStatus(ans) },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, notice, reset, withEmail } = loaderData;
  const answer = actionData as PasswordAnswer | PhoneStep | undefined;
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
  const q = redirectTo !== '/' ? `redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const here = (extra = '') => {
    const all = [q, extra].filter(Boolean).join('&');
    return `/auth/login${all ? `?${all}` : ''}`;
  };
  const phone = answer?.kind === 'phone' ? answer : undefined;
  const pw = answer?.kind === 'password' ? answer : undefined;
  // The e-mail form stays on the page, below the phone form (a link jumps to it, no script
  // needed); it comes first for someone who just used it or asked for it (?with=email).
  const byEmail = withEmail || Boolean(pw);
  const emailForm = (
    <section
      id="email-login"
      aria-labelledby="email-login-h"
      className={byEmail ? '' : 'mt-6 border-t border-gray-200 pt-5'}
    >
      <h2 id="email-login-h" className="mb-3 text-lg font-bold">
        {byEmail ? 'With your e-mail and password' : 'Or with your e-mail and password'}
      </h2>
      {pw?.message && <FormMessage type="error">{pw.message}</FormMessage>}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <LoginIdField defaultValue={pw?.email} error={pw?.fields?.email} />
        <CurrentPasswordField error={pw?.fields?.password} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <p className="mt-3 text-sm">
        <Link to="/auth/passwordreset" className="font-medium text-brand-700 underline">
          Forgot your password?
        </Link>
      </p>
    </section>
  );
  const phoneForm = (
    <section
      aria-label="With a code by SMS"
      className={byEmail ? 'mt-6 border-t border-gray-200 pt-5' : ''}
    >
      {byEmail && <h2 className="mb-3 text-lg font-bold">Or with a code by SMS</h2>}
      {phone?.message && <FormMessage type="error">{phone.message}</FormMessage>}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <PhoneField value={phone?.phone} error={phone?.fields.phone} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a code'}
        </button>
      </Form>
      {!byEmail && (
        <p className="mt-4 text-sm">
          <a href="#email-login" className="font-medium text-brand-700 underline">
            Use e-mail instead
          </a>
        </p>
      )}
    </section>
  );
  return (
    <AuthCard
      title="Log in"
      intro="Welcome back. Log in to buy parts, manage your store, workshop or garage."
    >
      {notice && <FormMessage type="warning">{notice}</FormMessage>}
      {reset && <FormMessage type="success">{AUTH_MESSAGES.resetDone}</FormMessage>}
      {phone?.step === 'code' ? (
        <CodeStep
          phone={phone.phone}
          sent={phone.sent}
          testInbox={phone.testInbox}
          message={phone.message}
          fields={phone.fields}
          needName={phone.needName}
          codeValue={phone.code}
          nameValue={phone.values.name}
          carry={{}}
          redirectTo={redirectTo}
          submitLabel={phone.needName ? 'Create my account' : 'Log in'}
          busy={busy}
          changeNumberTo={here()}
        />
      ) : byEmail ? (
        <>
          {emailForm}
          {phoneForm}
        </>
      ) : (
        <>
          {phoneForm}
          {emailForm}
        </>
      )}
      <p className="mt-5 text-sm">
        New to SpareFinder NG?{' '}
        <Link
          to={`/auth/register${q ? `?${q}` : ''}`}
          className="font-medium text-brand-700 underline"
        >
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
