import { data, Form, useNavigation } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import {
  BUSINESS_LABEL,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  safeRedirect,
  validateNewPhoneAccount,
  validateRegistration,
  type PublicRole,
} from '@sf/shared';
import { currentUser, field } from '../../lib/auth.server.ts';
import { SETUP_PAGE } from '../../lib/menus.ts';
import { AuthCard, Field, FormMessage, useFailureToast } from '../../components/form-field.tsx';
import { EmailField, FullNameField, NewPasswordField } from '../../components/account-fields.tsx';
import { CodeStep, PhoneField } from '../../components/phone-sign-in.tsx';
import { cookieHeaders, formStatus, serverApi } from '../../lib/api.server.ts';
import { phoneAction, type PhoneStep } from '../../lib/phone-auth.server.ts';
import type { Route } from './+types/register';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Create an account | SpareFinder NG' }];

const ROLE_HINT: Record<PublicRole, string> = {
  Buyer: 'Buy parts, book mechanics and tow vans',
  Seller: 'Sell spare parts from your store',
  Mechanic: 'Get customers for your workshop',
  'Tow Van': 'Get towing jobs for your garage',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  if (await currentUser(context)) throw redirect(redirectTo);
  // 'Sell your parts' and 'List your workshop' links arrive with the role already chosen.
  const asked = url.searchParams.get('role');
  const initialRole = (ROLES as readonly string[]).includes(asked ?? '')
    ? (asked as PublicRole)
    : 'Buyer';
  // Phone first (decision 0029); ?with=email shows the e-mail and password form.
  return { redirectTo, initialRole, withEmail: url.searchParams.get('with') === 'email' };
}

type EmailAnswer = {
  kind: 'password';
  ok: false;
  message?: string;
  fields: Record<string, string>;
  values: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'code' || intent === 'verify')
    return phoneAction(form, context, {
      // A new business lands on its setup page unless it registered on its way somewhere.
      landing: (to, ans) =>
        to === '/' && ans.created ? (SETUP_PAGE[ans.user.role as PublicRole] ?? '/') : to,
      extraCheck: (v) =>
        validateNewPhoneAccount({ ...v, role: v.role || 'Buyer' }) as Record<string, string>,
    });
  const values = {
    name: field(form, 'name'),
    email: field(form, 'email'),
    phone: field(form, 'phone'),
    password: field(form, 'password'),
    role: field(form, 'role') || 'Buyer',
    businessName: field(form, 'businessName'),
  };
  const redirectTo = safeRedirect(field(form, 'redirectTo'));
  const { password: _pw, ...echo } = values;
  const fields = validateRegistration(values) as Record<string, string>;
  if (Object.keys(fields).length)
    return data<EmailAnswer>(
      {
        kind: 'password',
        ok: false,
        message: 'Please correct the marked fields',
        fields,
        values: echo,
      },
      { status: 400 },
    );
  const isBuyer = !BUSINESS_LABEL[values.role as PublicRole];
  const api = serverApi(context);
  const ans = await api.post('/api/auth/register', {
    ...values,
    businessName: isBuyer ? undefined : values.businessName,
  });
  // A business lands on its setup page unless it registered on its way somewhere.
  const next = redirectTo === '/' ? (SETUP_PAGE[values.role as PublicRole] ?? '/') : redirectTo;
  if (ans.status) return redirect(next, { headers: cookieHeaders(api.cookies()) });
  return data<EmailAnswer>(
    {
      kind: 'password',
      ok: false,
      message: ans.message as string,
      fields: (ans.fields ?? {}) as Record<string, string>,
      values: echo,
    },
    { status: formStatus(ans) },
  );
}

/** Who the account is for, and the business name a business role needs. */
function RoleAndBusiness({
  role,
  businessName,
  fields,
}: {
  role: PublicRole;
  businessName?: string;
  fields: Record<string, string>;
}) {
  return (
    <>
      <fieldset>
        <legend className="label">I am a</legend>
        <div className="grid grid-cols-2 gap-2">
          {ROLES.map((r) => (
            <label
              key={r}
              className="flex min-h-11 cursor-pointer items-start gap-2 rounded-[var(--radius-card)] border border-gray-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="role"
                value={r}
                id={`role-${r.replace(' ', '')}`}
                defaultChecked={r === role}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <span className="block font-semibold">{r}</span>
                <span className="block text-xs text-gray-600">{ROLE_HINT[r]}</span>
              </span>
            </label>
          ))}
        </div>
        {fields.role && <p className="mt-1 text-sm font-medium text-red-700">{fields.role}</p>}
      </fieldset>
      <Field
        name="businessName"
        className="group-has-[#role-Buyer:checked]:hidden"
        label={
          <>
            <span className="hidden group-has-[#role-Seller:checked]:inline">Store name</span>
            <span className="hidden group-has-[#role-Mechanic:checked]:inline">Workshop name</span>
            <span className="hidden group-has-[#role-TowVan:checked]:inline">Garage name</span>
          </>
        }
        maxLength={80}
        defaultValue={businessName}
        error={fields.businessName}
        hint="Shown on your public page, e.g. Ladipo Genuine Parts"
      />
    </>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, initialRole, withEmail } = loaderData;
  const answer = actionData as EmailAnswer | PhoneStep | undefined;
  const busy = useNavigation().state === 'submitting';
  useFailureToast(answer);
  const v = answer?.values;
  const f = answer?.fields ?? {};
  const role = (v?.role as PublicRole) ?? initialRole;
  const q = redirectTo !== '/' ? `redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const here = (extra = '') => {
    const all = [q, extra, role !== 'Buyer' ? `role=${encodeURIComponent(role)}` : '']
      .filter(Boolean)
      .join('&');
    return `/auth/register${all ? `?${all}` : ''}`;
  };
  const phone = answer?.kind === 'phone' ? answer : undefined;
  const byEmail = withEmail || answer?.kind === 'password';
  return (
    <AuthCard
      title="Create an account"
      intro="One account to buy, sell, fix or tow. It takes a minute."
    >
      {byEmail ? (
        <>
          {answer?.message && <FormMessage type="error">{answer.message}</FormMessage>}
          {/* The business field follows the chosen role through CSS :has(), so it works before JavaScript loads. */}
          <Form method="post" noValidate className="group space-y-4">
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <RoleAndBusiness role={role} businessName={v?.businessName} fields={f} />
            <FullNameField defaultValue={v?.name} error={f.name} />
            <EmailField defaultValue={v?.email} error={f.email} />
            <Field
              name="phone"
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={20}
              defaultValue={v?.phone}
              error={f.phone}
              hint="A Nigerian number, like 0803 123 4567"
            />
            <NewPasswordField
              error={f.password}
              hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A short sentence is easy to remember.`}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Creating your account…' : 'Create account'}
            </button>
          </Form>
          <p className="mt-4 text-sm">
            <Link to={here()} className="font-medium text-brand-700 underline">
              Use your phone number instead
            </Link>
          </p>
        </>
      ) : phone?.step === 'code' ? (
        <CodeStep
          phone={phone.phone}
          sent={phone.sent}
          testInbox={phone.testInbox}
          message={phone.message}
          fields={phone.fields}
          needName={phone.needName}
          codeValue={phone.code}
          carry={phone.values}
          redirectTo={redirectTo}
          submitLabel="Create account"
          busy={busy}
          changeNumberTo={here()}
        />
      ) : (
        <>
          {phone?.message && <FormMessage type="error">{phone.message}</FormMessage>}
          <Form method="post" noValidate className="group space-y-4">
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <RoleAndBusiness role={role} businessName={v?.businessName} fields={f} />
            <FullNameField defaultValue={v?.name} error={f.name} />
            <PhoneField value={phone?.phone} error={f.phone} />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Sending…' : 'Send me a code'}
            </button>
          </Form>
          <p className="mt-4 text-sm">
            No e-mail or password needed.{' '}
            <Link to={here('with=email')} className="font-medium text-brand-700 underline">
              Use e-mail instead
            </Link>
          </p>
        </>
      )}
      <p className="mt-5 text-sm">
        Already have an account?{' '}
        <Link
          to={`/auth/login${q ? `?${q}` : ''}`}
          className="font-medium text-brand-700 underline"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
