import type { Quote } from '../../lib/checkout.ts';
import { naira } from '../cart/money.tsx';

/**
 * The coupon code with its own Apply button (it asks for a new quote), and under it what became
 * of the code: its problem, or what it takes off. The note is live, so a screen reader hears it.
 */
export function CouponField({
  code,
  problem,
  applied,
}: {
  code: string;
  /** Why the code does not apply (the quote's words, else the refused form's). */
  problem?: string | null;
  applied?: Quote['coupon'];
}) {
  return (
    <div>
      <label htmlFor="f-coupon" className="label">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id="f-coupon"
          name="couponCode"
          className={`input uppercase ${problem ? 'border-red-600' : ''}`}
          defaultValue={code}
          maxLength={40}
          autoCapitalize="characters"
          aria-describedby="f-coupon-note"
        />
        <button
          type="submit"
          name="intent"
          value="quote"
          className="btn-ghost shrink-0"
          data-testid="apply-coupon"
        >
          Apply
        </button>
      </div>
      <p id="f-coupon-note" className="mt-1 text-sm" aria-live="polite">
        {problem ? (
          <span className="font-medium text-red-700">{problem}</span>
        ) : applied ? (
          <span className="font-medium text-brand-800" data-testid="coupon-applied">
            {applied.code} applied:{' '}
            {applied.kind === 'percent' ? `${applied.value}% off` : `${naira(applied.value)} off`}
          </span>
        ) : null}
      </p>
    </div>
  );
}
