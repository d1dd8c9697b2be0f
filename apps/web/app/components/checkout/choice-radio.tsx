/** One choice of a checkout fieldset as a card to tap: its title and a line saying what it means. */
export function ChoiceRadio({
  name,
  value,
  checked,
  onChange,
  title,
  hint,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (v: string) => void;
  title: string;
  hint: string;
  testId?: string;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-[var(--radius-card)] border p-3 ${checked ? 'border-brand-700 bg-brand-50' : 'border-gray-300 bg-white'}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-1 size-5 accent-brand-700"
        data-testid={testId}
      />
      <span>
        <span className="block font-semibold text-gray-900">{title}</span>
        <span className="block text-sm text-gray-700">{hint}</span>
      </span>
    </label>
  );
}
