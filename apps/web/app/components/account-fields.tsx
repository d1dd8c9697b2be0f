import type { ReactNode } from 'react';
import { PASSWORD_MAX } from '@sf/shared';
import { Field } from './form-field.tsx';

// The account pages' fields (register, log in, password reset, the phone code step): each
// written once, so their limits and autocomplete hints (which password managers and phones
// read) cannot drift apart between pages.

interface AccountFieldProps {
  defaultValue?: string;
  error?: string;
  hint?: ReactNode;
}

/** The full name of a new account. */
export function FullNameField({
  label = 'Full name',
  ...props
}: AccountFieldProps & { label?: string }) {
  return <Field name="name" label={label} autoComplete="name" required maxLength={80} {...props} />;
}

/** An e-mail address of an account. */
export function EmailField(props: AccountFieldProps) {
  return (
    <Field
      name="email"
      label="E-mail"
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      maxLength={254}
      {...props}
    />
  );
}

/** Who logs in with a password: an e-mail or a phone number. */
export function LoginIdField(props: AccountFieldProps) {
  return (
    <Field
      name="email"
      label="E-mail or phone number"
      type="text"
      autoComplete="username"
      required
      maxLength={254}
      {...props}
    />
  );
}

/** The password of an account that exists (log in). Longer than a new one may be: old ones. */
export function CurrentPasswordField({ error }: { error?: string }) {
  return (
    <Field
      name="password"
      label="Password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={512}
      error={error}
    />
  );
}

/** A password being chosen (register, reset), and its repeat on the reset page. */
export function NewPasswordField({
  name = 'password',
  label = 'Password',
  error,
  hint,
}: {
  name?: string;
  label?: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      maxLength={PASSWORD_MAX}
      error={error}
      hint={hint}
    />
  );
}
