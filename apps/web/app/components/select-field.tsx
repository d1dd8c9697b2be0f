import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { MESSAGES } from '@sf/shared';
import { describedBy, FieldFrame } from './field-notes.tsx';

// Its own module, apart from form-field.tsx: the parts list uses it and should load nothing else.

/**
 * A labelled native select with its hint and its error beside it (linked for screen readers).
 * Controlled when `onChange` is given, else it starts at `value` and the browser keeps it.
 * `placeholder` is a first, empty choice; when `required`, leaving it empty says so.
 */
export function SelectField({
  name,
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
  disabled,
  required,
  hint,
  id = `f-${name}`,
  className,
}: {
  name: string;
  label: string;
  options: { label: string; value: string | number }[];
  value?: string | number | null;
  onChange?: (v: string) => void;
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
  id?: string;
  /** The wrapper's classes (grid spans, margins). */
  className?: string;
}) {
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLSelectElement>(null);
  // A choice made on the server-rendered page before React listened (a slow phone, a quick
  // thumb) is in the DOM but not in the caller's state, and the next render would undo it
  // (blurring the select re-renders it), leaving a required select empty: adopt it, once. Only
  // when `value` is one of the choices: otherwise (choices still loading) the DOM shows another
  // one because it had to, not because the user picked it.
  useEffect(() => {
    const current = String(value ?? '');
    const picked = ref.current?.value;
    const known =
      (placeholder !== undefined && current === '') ||
      options.some((o) => String(o.value) === current);
    if (onChange && known && picked !== undefined && picked !== current) onChange(picked);
  }, []);
  const shown = error ?? (required && touched && !value ? MESSAGES.fieldRequired : undefined);
  const chosen = onChange
    ? {
        value: String(value ?? ''),
        onChange: (e: ChangeEvent<HTMLSelectElement>) => {
          setTouched(true);
          onChange(e.target.value);
        },
      }
    : { defaultValue: String(value ?? '') };
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={shown}
      className={className}
      hintClassName="mt-1 text-xs text-gray-600"
    >
      <select
        ref={ref}
        id={id}
        name={name}
        className={`input disabled:bg-gray-100 disabled:text-gray-600 ${shown ? 'border-red-600' : ''}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(id, hint, shown)}
        disabled={disabled}
        required={required}
        onBlur={() => setTouched(true)}
        {...chosen}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
