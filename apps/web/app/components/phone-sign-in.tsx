import { Form } from 'react-router';
import { localPhone } from '@sf/shared';
import { Field, FormMessage } from './form-field.tsx';
import { FullNameField } from './account-fields.tsx';
import { Link } from './link.tsx';

/** The number field of the phone step (login and register pages). */
export function PhoneField({ value, error }: { value?: string; error?: string }) {
  return (
    <Field
      name="phone"
      label="Phone number"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      maxLength={20}
      defaultValue={value && /^\+234\d{10}$/.test(value) ? localPhone(value) : value}
      error={error}
      hint="A Nigerian mobile number, like 0803 123 4567. We send you a 6-digit code by SMS."
    />
  );
}

/**
 * The code step: the code field (the browser may fill it from the SMS), the name when the
 * number has no account yet, a new code, another number. Plain forms: no JavaScript needed.
 */
export function CodeStep({
  phone,
  sent,
  testInbox,
  message,
  fields,
  needName,
  nameValue,
  codeValue,
  carry,
  redirectTo,
  submitLabel,
  busy,
  changeNumberTo,
}: {
  phone: string;
  sent?: string;
  testInbox?: string;
  message?: string;
  fields: Record<string, string>;
  needName?: boolean;
  /** The name typed in an earlier try of this step. */
  nameValue?: string;
  /** A right code kept while the name is asked for. */
  codeValue?: string;
  /** Values the register page carries through this step (name, role, business name). */
  carry: Record<string, string>;
  redirectTo: string;
  submitLabel: string;
  busy: boolean;
  changeNumberTo: string;
}) {
  return (
    <>
      {sent && <FormMessage type="success">{sent}</FormMessage>}
      {message && <FormMessage type="error">{message}</FormMessage>}
      {testInbox && (
        <p className="mb-4 rounded-[var(--radius-card)] border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
          Test mode: no SMS leaves this server.{' '}
          <a href={testInbox} target="_blank" rel="noreferrer" className="font-semibold underline">
            Read your code on the test SMS page
          </a>
          .
        </p>
      )}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phone" value={phone} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {needName && <input type="hidden" name="needName" value="1" />}
        {Object.entries(carry).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Field
          name="code"
          label={`6-digit code sent to ${localPhone(phone)}`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          required
          maxLength={7}
          defaultValue={codeValue}
          error={fields.code}
          className="[&_input]:text-xl [&_input]:tracking-[0.3em]"
        />
        {needName && !carry.name && (
          <FullNameField
            label="Your full name"
            defaultValue={nameValue}
            error={fields.name}
            hint="As the sellers, mechanics and tow vans you deal with will see it"
          />
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Checking…' : submitLabel}
        </button>
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="phone" value={phone} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {Object.entries(carry).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" className="min-h-11 font-medium text-brand-700 underline">
            Send a new code
          </button>
        </Form>
        <Link
          to={changeNumberTo}
          className="min-h-11 content-center font-medium text-brand-700 underline"
        >
          Use another number
        </Link>
      </div>
    </>
  );
}
