import { Form, useNavigation } from 'react-router';
import { naira } from '../cart/money.tsx';
import { payoutStatusText } from '../../lib/seller.ts';
import { Field } from '../form-field.tsx';

export interface AdminPayoutRow {
  id: number;
  amountKobo: number;
  status: string;
  outcomeUnknown: boolean;
  reference: string;
  failureReason: string | null;
  createdAt: string;
}

/**
 * A store's last payouts for staff; one awaiting Paystack's transfer OTP gets the form that
 * completes it (the OTP goes to the business's phone or e-mail; the action is audited).
 */
export function AdminPayouts({ items }: { items: AdminPayoutRow[] }) {
  const nav = useNavigation();
  const busy = nav.state !== 'idle';
  return (
    <section className="card mt-4 p-4" aria-labelledby="payouts-h">
      <h2 id="payouts-h" className="text-lg font-bold">
        Payouts
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">No payouts yet.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {items.map((p) => (
            <li key={p.id} data-testid={`payout-${p.id}`} className="border-b pb-2 last:border-0">
              <p className="flex flex-wrap justify-between gap-2">
                <span>
                  #{p.id}{' '}
                  {new Date(p.createdAt).toLocaleString('en-NG', { timeZone: 'Africa/Lagos' })}:{' '}
                  <strong>{payoutStatusText(p)}</strong>
                  {p.failureReason ? ` (${p.failureReason})` : ''}
                </span>
                <span className="tabular-nums">{naira(p.amountKobo)}</span>
              </p>
              <p className="break-all text-xs text-gray-600">{p.reference}</p>
              {p.status === 'otp' && (
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="payout-otp" />
                  <input type="hidden" name="payoutId" value={p.id} />
                  <Field
                    id={`otp-${p.id}`}
                    label="OTP from Paystack"
                    name="otp"
                    inputMode="numeric"
                    pattern="[0-9]{4,10}"
                    autoComplete="one-time-code"
                    required
                  />
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Complete payout
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
