import { describe, expect, it } from 'vitest';
import { GUEST_TELEPHONE } from '@sf/shared';
import type { AuthUser } from '@sf/api/types';
import { firstValues, orderBody, valuesOf } from './checkout.server.ts';

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};

describe('the checkout form on the server', () => {
  it('starts with the account phone, never the guest placeholder', () => {
    expect(firstValues({ tel: '08031234567' } as AuthUser).phone).toBe('08031234567');
    expect(firstValues({ tel: GUEST_TELEPHONE } as AuthUser).phone).toBe('');
    expect(firstValues(null)).toMatchObject({
      fulfilment: 'delivery',
      paymentMethod: 'paystack',
      phone: '',
    });
  });

  it('reads the form trimmed, the coupon in capitals, unknown choices as the defaults', () => {
    expect(
      valuesOf(
        form({
          fulfilment: 'teleport',
          couponCode: ' save10 ',
          street: ' 12 Zoo Road ',
          paymentMethod: 'cheque',
        }),
      ),
    ).toEqual({
      fulfilment: 'delivery',
      stateId: '',
      cityId: '',
      street: '12 Zoo Road',
      phone: '',
      couponCode: 'SAVE10',
      paymentMethod: 'paystack',
    });
  });

  it('sends the address only for a delivery', () => {
    const v = valuesOf(
      form({ fulfilment: 'delivery', stateId: '20', cityId: '7', street: 'Zoo Rd', phone: '0803' }),
    );
    expect(orderBody(v)).toEqual({
      fulfilment: 'delivery',
      phone: '0803',
      paymentMethod: 'paystack',
      stateId: 20,
      cityId: 7,
      street: 'Zoo Rd',
    });
    expect(orderBody({ ...v, fulfilment: 'pickup', couponCode: 'X' })).toEqual({
      fulfilment: 'pickup',
      phone: '0803',
      paymentMethod: 'paystack',
      couponCode: 'X',
    });
  });
});
