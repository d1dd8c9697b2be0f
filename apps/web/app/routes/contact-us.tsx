import { data, Form, useNavigation, useSearchParams } from 'react-router';
import { shareMeta } from '../lib/seo.ts';
import { redirect } from '../lib/redirect.ts';
import { useEffect } from 'react';
import { CONTACT_LIMITS, validateContact, type ContactField, type ContactErrors } from '@sf/shared';
import { formStatus, serverApi } from '../lib/api.server.ts';
import { SUPPORT } from '../lib/menus.ts';
import { CheckIcon, MailIcon, PhoneIcon } from '../components/icons.tsx';
import type { Route } from './+types/contact-us';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Contact us',
    description:
      'Questions about an order, a seller, payment or your account? Send SpareFinder NG support a message or call us.',
    path: '/contact-us',
  });

type Values = Partial<Record<ContactField, string>>;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw: Values = {};
  for (const f of ['name', 'email', 'phone', 'subject', 'message'] as const)
    raw[f] = String(form.get(f) ?? '');
  const { value, errors } = validateContact(raw);
  if (Object.keys(errors).length)
    return data(
      { errors, values: raw, formError: 'Please correct the fields marked below.' },
      { status: 400 },
    );
  const ans = await serverApi(context).post('/api/contact', value);
  if (ans.status) return redirect('/contact-us?sent=1', 303);
  const apiErrors = (ans.fields ?? {}) as ContactErrors;
  return data(
    {
      errors: apiErrors,
      values: raw,
      formError: ans.message ?? 'Could not send your message. Please try again.',
    },
    { status: formStatus(ans) },
  );
}

function Field({
  name,
  label,
  type = 'text',
  hint,
  errors,
  values,
  autoComplete,
  optional,
  multiline,
}: {
  name: ContactField;
  label: string;
  type?: string;
  hint?: string;
  errors: ContactErrors;
  values: Values;
  autoComplete?: string;
  optional?: boolean;
  multiline?: boolean;
}) {
  const error = errors[name];
  const ids =
    [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id: name,
    name,
    defaultValue: values[name] ?? '',
    maxLength: CONTACT_LIMITS[name].max,
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids,
    className: `input ${error ? 'border-red-600' : ''}`,
  } as const;
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
        {optional && <span className="font-normal text-gray-600"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} className={`${common.className} py-2`} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} />
      )}
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  const nav = useNavigation();
  const busy = nav.state === 'submitting';
  const sent = params.get('sent') === '1' && !result;
  const errors = result?.errors ?? {};
  // After a refused send (with JavaScript), take the reader to the first field to fix.
  useEffect(() => {
    if (result)
      document
        .querySelector<HTMLElement>('main [aria-invalid="true"], main [role="alert"]')
        ?.focus();
  }, [result]);
  const values = result?.values ?? {};
  return (
    <main id="main" className="container-page py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Contact us</h1>
      <p className="mt-1 max-w-2xl text-gray-700">
        Questions about an order, a seller, a payment or your account? Write to us and our support
        team replies by e-mail within one working day.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {sent ? (
          <section
            role="status"
            aria-labelledby="sent-title"
            className="card border-l-4 border-brand-600 p-5"
          >
            <h2
              id="sent-title"
              className="flex items-center gap-2 text-lg font-bold text-brand-800"
            >
              <CheckIcon size={22} />
              Message sent
            </h2>
            <p className="mt-2 text-gray-800">
              Thank you. Your message has reached our support team; we reply by e-mail within one
              working day.
            </p>
            <Link to="/contact-us" className="btn-ghost mt-4">
              Send another message
            </Link>
          </section>
        ) : (
          <Form
            method="post"
            className="card space-y-4 p-4 sm:p-5"
            noValidate
            aria-labelledby="form-title"
          >
            <h2 id="form-title" className="text-lg font-bold">
              Send us a message
            </h2>
            {result?.formError && (
              <p
                role="alert"
                tabIndex={-1}
                className="rounded-[var(--radius-card)] bg-red-50 p-3 text-sm font-medium text-red-800"
              >
                {result.formError}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="name"
                label="Your name"
                autoComplete="name"
                errors={errors}
                values={values}
              />
              <Field
                name="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                errors={errors}
                values={values}
              />
            </div>
            <Field
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              optional
              hint="So we can call you back, e.g. 0803 123 4567"
              errors={errors}
              values={values}
            />
            <Field
              name="subject"
              label="Subject"
              hint="e.g. Order #1234: wrong side delivered"
              errors={errors}
              values={values}
            />
            <Field
              name="message"
              label="Message"
              multiline
              hint={`${CONTACT_LIMITS.message.min} to ${CONTACT_LIMITS.message.max} characters. Include order numbers and your car's make, model and year if it helps.`}
              errors={errors}
              values={values}
            />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? 'Sending…' : 'Send message'}
            </button>
          </Form>
        )}
        <aside aria-labelledby="other-ways" className="card h-fit p-4">
          <h2 id="other-ways" className="font-bold">
            Other ways to reach us
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {SUPPORT.phones.map((p) => (
              <li key={p}>
                <a
                  className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-800 hover:underline"
                  href={`tel:${p.replace(/\s/g, '')}`}
                >
                  <PhoneIcon size={18} />
                  {p}
                </a>
              </li>
            ))}
            <li>
              <a
                className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-800 hover:underline"
                href={`mailto:${SUPPORT.email}`}
              >
                <MailIcon size={18} />
                {SUPPORT.email}
              </a>
            </li>
            <li className="text-gray-700">{SUPPORT.hours}</li>
          </ul>
          <p className="mt-3 text-sm text-gray-700">
            Quick answers:{' '}
            <Link className="font-medium text-brand-800 underline" to="/static/faq">
              FAQ
            </Link>{' '}
            ·{' '}
            <Link className="font-medium text-brand-800 underline" to="/static/safety-awareness">
              Safety awareness
            </Link>
          </p>
        </aside>
      </div>
    </main>
  );
}
