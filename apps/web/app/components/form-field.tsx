import { useEffect, type InputHTMLAttributes, type ReactNode } from 'react';
import { useToast } from './toasts.tsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: string;
}

/** A labelled input with its hint and its error beside it (linked for screen readers). */
export function Field({
  name,
  label,
  error,
  hint,
  id = `f-${name}`,
  className,
  ...rest
}: FieldProps) {
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={`input ${error ? 'border-red-600' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
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
