/** What the checkout API answers (amounts in kobo), from its response schemas. */
export type { Quote, QuoteStore } from '@sf/api/types';

/** The checkout form's choices as typed, sent back with every answer so the form keeps them. */
export interface CheckoutValues {
  fulfilment: 'delivery' | 'pickup';
  stateId: string;
  cityId: string;
  street: string;
  phone: string;
  couponCode: string;
  paymentMethod: 'paystack' | 'pay_on_delivery';
}
