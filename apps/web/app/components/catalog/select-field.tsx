import { useState, type ChangeEvent } from 'react';
import { MESSAGES, type Option } from '@sf/shared';

/** A labelled native select; when required, an empty choice shows 'This field is required'. */
export function SelectField({
  id,
  name,
  label,
  value,
  options,
  onChange,
  placeholder,
  disabled,
  required,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Option<number | string>[];
  onChange?: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
}) {
  const [touched, setTouched] = useState(false);
  const invalid = required && touched && !value;
  const describedBy =
    [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onBlur={() => setTouched(true)}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => {
          setTouched(true);
          onChange?.(e.target.value);
        }}
        className={`input disabled:bg-gray-100 disabled:text-gray-600 ${invalid ? 'border-red-600' : ''}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {MESSAGES.fieldRequired}
        </p>
      )}
    </div>
  );
}
