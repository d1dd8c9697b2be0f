import type { ReactNode } from 'react';

// Shared by every field of the form kit (form-field.tsx, select-field.tsx): the label tied to
// the control, and the hint and the error under it with ids its control names in
// aria-describedby, so a screen reader reads them with the label. Its own tiny module: the
// parts list's select loads nothing else.

/** The aria-describedby of field `id`: ids the caller names first, then its hint and error. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode, also?: string) {
  return (
    [also, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined
  );
}

/** The hint and the error under field `id`. */
export function FieldNotes({
  id,
  hint,
  error,
  hintClassName = 'mt-1 text-sm text-gray-600',
}: {
  id: string;
  hint?: ReactNode;
  error?: ReactNode;
  hintClassName?: string;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A field's frame, written once for every control of the kit: the wrapper (`className`: grid
 * spans, margins), the label tied to control `id`, the control (`children`), its hint and error.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  hintClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  hintClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} hintClassName={hintClassName} />
    </div>
  );
}
