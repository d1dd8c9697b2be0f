import { data, Form, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { useEffect } from 'react';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
} from '@sf/shared';
import { field, requireUser } from '../../lib/auth.server.ts';
import { cookieHeaders, formStatus, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { Field, FormMessage, useFailureToast } from '../../components/form-field.tsx';
import { useToast } from '../../components/toasts.tsx';
import type { Profile } from '@sf/api/types';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: 'My profile | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const ans = await serverApi(context).get('/api/user/profile');
  throwUnlessOk(ans, { what: 'Profile', missing: 'Could not load your profile' });
  return { profile: ans.user as Profile, saved: new URL(request.url).searchParams.get('saved') };
}

type Answer = { ok: boolean; intent: string; message?: string; fields?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const fields: Record<string, string> = {};
  const put = (k: string, m?: string) => {
    if (m) fields[k] = m;
  };
  let body: Record<string, string>;
  // An account made by SMS code has no password yet: it sets one without a current one.
  const hasPassword = field(form, 'hasPassword') !== 'false';
  if (intent === 'password') {
    body = { newPassword: field(form, 'newPassword') };
    const current = field(form, 'currentPassword');
    if (current) body.currentPassword = current;
    else if (hasPassword) fields.currentPassword = 'Enter your current password';
    put('newPassword', checkPassword(body.newPassword));
    if (!fields.newPassword && body.newPassword !== field(form, 'confirm'))
      fields.confirm = 'The two passwords do not match';
  } else {
    body = { name: field(form, 'name'), phone: field(form, 'phone') };
    const email = field(form, 'email').trim();
    // Left empty by an account without an e-mail: it stays without one.
    if (email || field(form, 'hadEmail') === 'true') {
      body.email = email;
      put('email', checkEmail(email));
    }
    const current = field(form, 'currentPassword');
    if (current) body.currentPassword = current;
    put('name', checkName(body.name));
    put('phone', checkPhone(body.phone));
  }
  if (Object.keys(fields).length)
    return data<Answer>(
      { ok: false, intent, message: 'Please correct the marked fields', fields },
      { status: 400 },
    );
  const api = serverApi(context);
  const ans = await api.patch('/api/user/profile', body);
  if (!ans.status)
    return data<Answer>(
      {
        ok: false,
        intent,
        message: ans.message,
        fields: (ans.fields ?? {}) as Record<string, string>,
      },
      { status: formStatus(ans) },
    );
  if (intent === 'password')
    return redirect('/user/profile?saved=password', { headers: cookieHeaders(api.cookies()) });
  return { ok: true, intent, message: 'Your details are saved' } satisfies Answer;
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, saved } = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state === 'submitting';
  const notify = useToast();
  useFailureToast(answer);
  useEffect(() => {
    if (answer?.ok && answer.message) notify('success', answer.message);
  }, [answer, notify]);
  const d = answer?.intent === 'details' ? (answer.fields ?? {}) : {};
  const p = answer?.intent === 'password' ? (answer.fields ?? {}) : {};
  return (
    <main id="main" className="container-page max-w-2xl py-6">
      <h1 className="text-2xl font-bold">My profile</h1>
      <p className="mt-1 text-gray-700">
        {profile.role} account{profile.businessName ? ` · ${profile.businessName}` : ''}
      </p>

      <section aria-labelledby="details-h" className="card mt-5 p-5">
        <h2 id="details-h" className="text-lg font-bold">
          Your details
        </h2>
        {answer?.intent === 'details' && answer.message && (
          <div className="mt-3">
            <FormMessage type={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage>
          </div>
        )}
        <Form method="post" noValidate className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="details" />
          <input type="hidden" name="hadEmail" value={profile.email ? 'true' : 'false'} />
          <Field
            name="name"
            label="Full name"
            autoComplete="name"
            required
            maxLength={80}
            defaultValue={profile.name}
            error={d.name}
          />
          <Field
            name="phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            required
            maxLength={20}
            defaultValue={profile.phone}
            error={d.phone}
          />
          <Field
            name="email"
            label={profile.email ? 'E-mail' : 'E-mail (optional)'}
            type="email"
            autoComplete="email"
            required={Boolean(profile.email)}
            maxLength={254}
            defaultValue={profile.email ?? ''}
            error={d.email}
            hint={
              profile.email
                ? undefined
                : 'You sign in with a code sent to your phone. Add an e-mail to get receipts and to sign in with a password too.'
            }
          />
          {profile.hasPassword && (
            <Field
              id="f-details-current"
              name="currentPassword"
              label="Current password (only to change your e-mail)"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              error={d.currentPassword}
            />
          )}
          <button type="submit" className="btn-primary" disabled={busy}>
            Save details
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-h" className="card mt-5 p-5">
        <h2 id="password-h" className="text-lg font-bold">
          {profile.hasPassword ? 'Change password' : 'Set a password'}
        </h2>
        {!profile.hasPassword && (
          <p className="mt-1 text-sm text-gray-700">
            Optional: with a password (and an e-mail) you can also sign in without a code.
          </p>
        )}
        {saved === 'password' && (
          <div className="mt-3">
            <FormMessage type="success">
              Your password is changed. Other devices have been signed out.
            </FormMessage>
          </div>
        )}
        {answer?.intent === 'password' && answer.message && (
          <div className="mt-3">
            <FormMessage type="error">{answer.message}</FormMessage>
          </div>
        )}
        <Form method="post" noValidate className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="hasPassword" value={profile.hasPassword ? 'true' : 'false'} />
          {profile.hasPassword && (
            <Field
              id="f-pw-current"
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              error={p.currentPassword}
            />
          )}
          <Field
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            error={p.newPassword}
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          />
          <Field
            name="confirm"
            label="New password again"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            error={p.confirm}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {profile.hasPassword ? 'Change password' : 'Set password'}
          </button>
        </Form>
      </section>
    </main>
  );
}
