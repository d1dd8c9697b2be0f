import { data, Form, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, checkEmail, checkPassword } from '@sf/shared';
import { field } from '../../lib/auth.server.ts';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { AuthCard, FormMessage, useFailureToast } from '../../components/form-field.tsx';
import { EmailField, NewPasswordField } from '../../components/account-fields.tsx';
import type { Route } from './+types/password-reset';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Reset your password | SpareFinder NG' }];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  return {
    token: token && /^[A-Za-z0-9_-]{10,100}$/.test(token) ? token : null,
    badToken: token !== null && !/^[A-Za-z0-9_-]{10,100}$/.test(token),
  };
}

type Answer = {
  ok: boolean;
  message?: string;
  fields?: Record<string, string>;
  email?: string;
  sent?: boolean;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (field(form, 'intent') === 'confirm') {
    const token = field(form, 'token');
    const password = field(form, 'password');
    const fields: Record<string, string> = {};
    const p = checkPassword(password);
    if (p) fields.password = p;
    if (!fields.password && password !== field(form, 'confirm'))
      fields.confirm = 'The two passwords do not match';
    if (Object.keys(fields).length) return data<Answer>({ ok: false, fields }, { status: 400 });
    const ans = await serverApi(context).post('/api/auth/password-reset/confirm', {
      token,
      password,
    });
    if (ans.status) return redirect('/auth/login?reset=1');
    return data<Answer>(
      {
        ok: false,
        message: ans.message,
        fields: (ans.fields ?? {}) as Record<string, string>,
      },
      { status: formStatus(ans) },
    );
  }
  const email = field(form, 'email').trim();
  const e = checkEmail(email);
  if (e) return data<Answer>({ ok: false, fields: { email: e }, email }, { status: 400 });
  const ans = await serverApi(context).post('/api/auth/password-reset', { email });
  if (!ans.status)
    return data<Answer>({ ok: false, message: ans.message, email }, { status: formStatus(ans) });
  return { ok: true, sent: true, message: ans.message as string, email } satisfies Answer;
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const { token, badToken } = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state === 'submitting';
  useFailureToast(answer);
  const f = answer?.fields ?? {};

  if (token) {
    const invalid = answer?.message === AUTH_MESSAGES.resetInvalid;
    return (
      <AuthCard
        title="Choose a new password"
        intro="Pick a password you do not use anywhere else. Every device signed in to your account will be signed out."
      >
        {answer?.message && (
          <FormMessage type="error">
            {answer.message}{' '}
            {invalid && (
              <Link to="/auth/passwordreset" className="underline">
                Ask for a new link
              </Link>
            )}
          </FormMessage>
        )}
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <NewPasswordField
            label="New password"
            error={f.password}
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          />
          <NewPasswordField name="confirm" label="New password again" error={f.confirm} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Save new password
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the e-mail of your account. We will send you a link to choose a new password."
    >
      {badToken && <FormMessage type="error">{AUTH_MESSAGES.resetInvalid}</FormMessage>}
      {answer?.sent ? (
        <FormMessage type="success">{answer.message}</FormMessage>
      ) : (
        answer?.message && <FormMessage type="error">{answer.message}</FormMessage>
      )}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="request" />
        <EmailField defaultValue={answer?.email} error={f.email} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {answer?.sent ? 'Send the link again' : 'Send reset link'}
        </button>
      </Form>
      <p className="mt-5 text-sm">
        <Link to="/auth/login" className="font-medium text-brand-700 underline">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
