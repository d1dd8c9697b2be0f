import { naira } from '../cart/money.tsx';

/**
 * The button that places the order. With Paystack it names the amount, but only once that
 * amount holds delivery (a state chosen, or pickup) and is not being worked out again.
 */
export function PayButton({
  placing,
  paystack,
  totalKobo,
}: {
  placing: boolean;
  /** Paying now with Paystack (payments on and chosen), not on delivery. */
  paystack: boolean;
  /** The amount to name; undefined while it is not known. */
  totalKobo?: number;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value="place"
      className="btn-primary w-full text-base"
      disabled={placing}
      data-testid="place-order"
    >
      {placing
        ? 'Placing your order…'
        : paystack
          ? totalKobo !== undefined
            ? `Pay ${naira(totalKobo)} with Paystack`
            : 'Pay with Paystack'
          : 'Place order, pay on delivery'}
    </button>
  );
}
