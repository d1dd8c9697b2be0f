import type { ReactNode } from 'react';
import { formatKobo } from '@sf/shared';

/** Kobo (what the API speaks) as naira with two decimals: ₦45,000.00. */
export const naira = formatKobo;

/** One labelled amount of a receipt: every amount says what it is. */
export function MoneyRow({
  label,
  kobo,
  strong,
  negative,
  testId,
  pending,
}: {
  label: ReactNode;
  kobo: number;
  strong?: boolean;
  negative?: boolean;
  testId?: string;
  /** Instead of an amount not known yet ('Choose a state to see delivery'). */
  pending?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 py-1 ${strong ? 'border-t border-gray-200 pt-2 text-lg font-bold text-gray-900' : 'text-gray-700'}`}
    >
      <dt>{label}</dt>
      {pending ? (
        <dd className="text-right text-sm font-medium text-amber-900" data-testid={testId}>
          {pending}
        </dd>
      ) : (
        <dd className="tabular-nums" data-testid={testId}>
          {negative && kobo > 0 ? `− ${naira(kobo)}` : naira(kobo)}
        </dd>
      )}
    </div>
  );
}

/** The label every test payment carries: nothing is charged on the local test server. */
export function TestPaymentNote({ children }: { children?: ReactNode }) {
  return (
    <p
      className="rounded-[var(--radius-card)] border border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="test-payment-note"
    >
      Test payment: no real money moves.{children ? <> {children}</> : null}
    </p>
  );
}
