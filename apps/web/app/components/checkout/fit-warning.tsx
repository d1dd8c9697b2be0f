import type { FitItem } from '../../lib/fit.ts';
import { AlertIcon } from '../icons.tsx';

/**
 * The parts that may not fit the buyer's car, and the box that confirms buying them anyway
 * (the order is refused without it: routes/shopping/checkout.tsx).
 */
export function FitWarning({
  misfits,
  carLabel,
  nameOf,
  invalid,
}: {
  misfits: FitItem[];
  carLabel?: string;
  nameOf: (productId: number) => string | undefined;
  /** The last order was refused for want of the box. */
  invalid: boolean;
}) {
  return (
    <div
      className="space-y-2 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900"
      data-testid="fit-warning"
    >
      <p className="flex gap-1 font-semibold">
        <AlertIcon size={16} className="mt-0.5 shrink-0" />
        {misfits.length === 1 ? 'A part' : `${misfits.length} parts`} may not fit your {carLabel}:
      </p>
      <ul className="list-inside list-disc">
        {misfits.map((m) => (
          <li key={m.prod_id}>
            {nameOf(m.prod_id)}: {m.text}
          </li>
        ))}
      </ul>
      <label className="flex min-h-11 items-center gap-2 font-medium">
        <input
          type="checkbox"
          name="fitConfirmed"
          value="1"
          className="size-5 accent-brand-700"
          data-testid="fit-confirm"
          aria-invalid={invalid ? true : undefined}
        />
        Buy it anyway: I have checked it fits
      </label>
    </div>
  );
}
