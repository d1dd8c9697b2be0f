import type { CheckoutValues, Quote } from '../../lib/checkout.ts';
import { TestPaymentNote } from '../cart/money.tsx';
import { ChoiceRadio } from './choice-radio.tsx';

/**
 * How the buyer pays: Paystack (only while payments are on) or on delivery, which is the one
 * choice, ticked, when they are off.
 */
export function PaymentChoice({
  payment,
  onChange,
  mode,
}: {
  payment: CheckoutValues['paymentMethod'];
  onChange: (p: CheckoutValues['paymentMethod']) => void;
  mode: Quote['payments'];
}) {
  return (
    <fieldset className="card space-y-3 p-4">
      <legend className="float-left mb-1 w-full text-lg font-bold">How you pay</legend>
      {mode !== 'off' && (
        <ChoiceRadio
          name="paymentMethod"
          value="paystack"
          checked={payment === 'paystack'}
          onChange={(x) => onChange(x as CheckoutValues['paymentMethod'])}
          title="Pay now with Paystack"
          hint="Card, bank transfer or USSD. SpareFinder holds the money until you confirm you received the parts."
          testId="pay-paystack"
        />
      )}
      <ChoiceRadio
        name="paymentMethod"
        value="pay_on_delivery"
        checked={payment === 'pay_on_delivery' || mode === 'off'}
        onChange={(x) => onChange(x as CheckoutValues['paymentMethod'])}
        title="Pay on delivery"
        hint="Pay the store in cash when the parts reach you."
        testId="pay-on-delivery"
      />
      {mode === 'test' && payment === 'paystack' && (
        <TestPaymentNote>You will see Paystack's test page, not a real charge.</TestPaymentNote>
      )}
    </fieldset>
  );
}
