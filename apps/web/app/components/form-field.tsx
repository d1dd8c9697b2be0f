import {
  useEffect,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { useToast } from './toasts.tsx';
import { describedBy, FieldNotes } from './field-notes.tsx';

// The form kit: a labelled control with its hint and its error tied to it (Field, TextAreaField
// here, SelectField in select-field.tsx, the account pages' fields in account-fields.tsx).
// `className` is the wrapper's (grid spans, margins); `inputClassName` adds to the control's.

interface FieldOwnProps {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Classes added to the control's own `input` class (e.g. 'uppercase'). */
  inputClassName?: string;
}

/** The control's classes: the kit's `input`, the caller's additions, red on an error. */
export const controlClass = (extra?: string, error?: string) =>
  ['input', extra, error ? 'border-red-600' : ''].filter(Boolean).join(' ');

type FieldProps = FieldOwnProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its hint and its error beside it (linked for screen readers). */
export function Field({
  name,
  label,
  error,
  hint,
  id = `f-${name}`,
  className,
  inputClassName,
  'aria-describedby': also,
  ...rest
}: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={controlClass(inputClassName, error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, also)}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

type TextAreaFieldProps = FieldOwnProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled textarea with its hint and its error beside it (linked for screen readers). */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  id = `f-${name}`,
  className,
  inputClassName,
  'aria-describedby': also,
  ...rest
}: TextAreaFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={controlClass(inputClassName, error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, also)}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A message above a form: role=alert so it is read out after a submit. */
export function FormMessage({
  type,
  children,
}: {
  type: 'error' | 'success' | 'warning';
  children: ReactNode;
}) {
  const style =
    type === 'error'
      ? 'border-red-600 bg-red-50 text-red-900'
      : type === 'success'
        ? 'border-brand-600 bg-brand-50 text-brand-900'
        : 'border-accent-500 bg-amber-50 text-amber-900';
  return (
    <div
      role={type === 'success' ? 'status' : 'alert'}
      className={`mb-4 rounded-[var(--radius-card)] border-l-4 p-3 text-sm font-medium ${style}`}
    >
      {children}
    </div>
  );
}

/** Auth-call failures also raise a toast with the error message once JavaScript runs. */
export function useFailureToast(answer: { message?: string; ok?: boolean } | undefined) {
  const notify = useToast();
  useEffect(() => {
    if (answer?.message && !answer.ok) notify('error', answer.message);
  }, [answer, notify]);
}

export function AuthCard({
  title,
  children,
  intro,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="container-page flex justify-center py-8">
      <div className="card w-full max-w-md p-5 sm:p-7">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {intro && <div className="mt-1 text-gray-700">{intro}</div>}
        <div className="mt-5">{children}</div>
      </div>
    </main>
  );
}
