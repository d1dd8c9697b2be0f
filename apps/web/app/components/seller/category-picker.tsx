import { useState } from 'react';
import type { CategoryTree } from '../../lib/seller.ts';
import { useLive } from '../../lib/use-live.ts';

/**
 * The category picker: before JavaScript (and without it) one select of every kind of part,
 * grouped under its top category; once live, two selects, the top category first and then the
 * kinds of part under it. Either way the form sends `name` with a child category's id.
 */
export function CategoryPicker({
  tree,
  name,
  value,
  error,
  required,
  allowTop = false,
  label = 'Category',
}: {
  tree: CategoryTree;
  name: string;
  value: string;
  error?: string;
  required?: boolean;
  /** A filter may pick a whole top category; a product needs the kind of part. */
  allowTop?: boolean;
  label?: string;
}) {
  const live = useLive();
  const parentOf = (id: string) =>
    tree.find((t) => String(t.id) === id || t.children.some((c) => String(c.id) === id));
  const [parent, setParent] = useState(() => (value ? String(parentOf(value)?.id ?? '') : ''));
  const [child, setChild] = useState(value);
  const errorId = error ? `${name}-error` : undefined;
  const err = error && (
    <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
  if (!live)
    return (
      <div>
        <label htmlFor={`f-${name}`} className="label">
          {label}
        </label>
        <select
          id={`f-${name}`}
          name={name}
          defaultValue={value}
          required={required}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        >
          <option value="">{allowTop ? 'Every category' : 'Choose the kind of part'}</option>
          {tree.map((t) => (
            <optgroup key={t.id} label={t.name}>
              {allowTop && <option value={t.id}>{`All ${t.name}`}</option>}
              {t.children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {err}
      </div>
    );
  const top = tree.find((t) => String(t.id) === parent);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <div>
        <label htmlFor={`f-${name}-parent`} className="label">
          {label}
        </label>
        <select
          id={`f-${name}-parent`}
          value={parent}
          className="input"
          required={required}
          onChange={(e) => {
            setParent(e.target.value);
            setChild(allowTop ? e.target.value : '');
          }}
        >
          <option value="">{allowTop ? 'Every category' : 'Choose the category'}</option>
          {tree.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`f-${name}`} className="label">
          Kind of part
        </label>
        <select
          id={`f-${name}`}
          name={name}
          value={child}
          onChange={(e) => setChild(e.target.value || (allowTop ? parent : ''))}
          required={required}
          disabled={!top}
          className="input disabled:bg-gray-100 disabled:text-gray-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        >
          <option value={allowTop && top ? String(top.id) : ''}>
            {!top ? 'Choose the category first' : allowTop ? `All ${top.name}` : 'Choose one'}
          </option>
          {top?.children.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {err}
      </div>
    </div>
  );
}
