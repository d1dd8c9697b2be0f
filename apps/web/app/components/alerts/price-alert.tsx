import { ALERTS_PAGE, priceWait, type AlertItem } from '../../lib/alerts.ts';
import { AlertButton } from './alert-button.tsx';
import { BellIcon } from '../icons.tsx';
import { Field } from '../form-field.tsx';
import { Link } from '../link.tsx';

/**
 * 'Tell me when it's cheaper' on a part's page, with an optional price to wait for; when the
 * user already watches the part, what it waits for and where to change it.
 */
export function PriceAlert({ productId, mine }: { productId: number; mine: AlertItem | null }) {
  if (mine)
    return (
      <p
        role="status"
        className="flex items-start gap-2 text-sm text-gray-800"
        data-testid="price-alert-set"
      >
        <BellIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
        <span>
          {mine.paused ? 'Your price alert is paused. ' : ''}We tell you when it is{' '}
          {priceWait(mine)}.{' '}
          <Link to={ALERTS_PAGE} className="font-semibold text-brand-700 underline">
            Change it
          </Link>
        </span>
      </p>
    );
  return (
    <AlertButton
      intent="price"
      fields={{ productId: String(productId) }}
      label="Tell me when it's cheaper"
      testId="price-alert"
    >
      <details className="mb-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">
          Wait for a price (optional)
        </summary>
        <Field
          className="mt-2 block"
          label="Only below (₦)"
          name="target"
          inputMode="decimal"
          placeholder="e.g. 40000"
        />
      </details>
    </AlertButton>
  );
}
