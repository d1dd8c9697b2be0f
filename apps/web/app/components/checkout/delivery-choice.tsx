import type { ReactNode } from 'react';
import type { CheckoutValues } from '../../lib/checkout.ts';
import { Field } from '../form-field.tsx';
import { ChoiceRadio } from './choice-radio.tsx';

/**
 * How the buyer gets the parts: delivery (with `address`, shown only then) or pickup, and the
 * phone number the store and the rider call.
 */
export function DeliveryChoice({
  fulfilment,
  onChange,
  address,
  phone,
  phoneError,
}: {
  fulfilment: CheckoutValues['fulfilment'];
  onChange: (f: CheckoutValues['fulfilment']) => void;
  address: ReactNode;
  phone: string;
  phoneError?: string;
}) {
  return (
    <fieldset className="card space-y-3 p-4">
      <legend className="float-left mb-1 w-full text-lg font-bold">How you get the parts</legend>
      <ChoiceRadio
        name="fulfilment"
        value="delivery"
        checked={fulfilment === 'delivery'}
        onChange={(x) => onChange(x as CheckoutValues['fulfilment'])}
        title="Delivery to my address"
        hint="Each store charges its fee: lower within its own state."
        testId="fulfilment-delivery"
      />
      <ChoiceRadio
        name="fulfilment"
        value="pickup"
        checked={fulfilment === 'pickup'}
        onChange={(x) => onChange(x as CheckoutValues['fulfilment'])}
        title="Pick up at the store"
        hint="Free. The store tells you when it is ready."
        testId="fulfilment-pickup"
      />
      {fulfilment === 'delivery' && address}
      <Field
        name="phone"
        label="Phone number (for the store and the rider)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        defaultValue={phone}
        placeholder="0803 123 4567"
        maxLength={20}
        error={phoneError}
      />
    </fieldset>
  );
}
