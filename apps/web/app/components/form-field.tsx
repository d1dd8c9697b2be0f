import {
  useEffect,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useToast } from './toasts.tsx';
import { describedBy, FieldFrame } from './field-notes.tsx';

// The form kit: a labelled control with its hint and its error tied to it (Field, TextAreaField,
// SelectBoxField here, SelectField in select-field.tsx, the account pages' fields in
// account-fields.tsx). `className` is the wrapper's (grid spans, margins); `inputClassName`
// adds to the control's. The id defaults to `f-{name}`: give one where a page repeats a name.

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
type TextAreaFieldProps = FieldOwnProps & TextareaHTMLAttributes<HTMLTextAreaElement>;
type SelectBoxFieldProps = FieldOwnProps & SelectHTMLAttributes<HTMLSelectElement>;

/** One labelled control of any kind: the kit's fields below differ only in `as`. */
function KitField({
  as: Control,
  name,
  label,
  error,
  hint,
  id = `f-${name}`,
  className,
  inputClassName,
  'aria-describedby': also,
  ...rest
}: (FieldProps | TextAreaFieldProps | SelectBoxFieldProps) & {
  as: 'input' | 'textarea' | 'select';
}) {
  const Tag = Control as 'input';
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <Tag
        id={id}
        name={name}
        className={controlClass(inputClassName, error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, also)}
        {...(rest as InputHTMLAttributes<HTMLInputElement>)}
      />
    </FieldFrame>
  );
}

/** A labelled input with its hint and its error beside it (linked for screen readers). */
export function Field(props: FieldProps) {
  return <KitField as="input" {...props} />;
}

/** A labelled textarea with its hint and its error beside it (linked for screen readers). */
export function TextAreaField(props: TextAreaFieldProps) {
  return <KitField as="textarea" {...props} />;
}

/**
 * A labelled select whose options the caller writes as children (option groups, computed
 * labels, an "Any" first choice), with the plain `input` class. SelectField (select-field.tsx)
 * is the lighter one for a list of choices that says when a required one is left empty.
 */
export function SelectBoxField(props: SelectBoxFieldProps) {
  return <KitField as="select" {...props} />;
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
