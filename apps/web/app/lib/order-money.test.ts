import { describe, expect, it } from 'vitest';
import { buyerMoney, paymentResult, sellerMoney } from './order-money.ts';
import type { OrderView } from './orders.ts';

const order = (over: Partial<OrderView> = {}): OrderView =>
  ({
    id: 7,
    number: 'SF-000007',
    checkoutId: 'c',
    status: 'paid',
    statusLabel: 'paid',
    paymentMethod: 'paystack',
    money: '',
    fulfilment: 'pickup',
    address: null,
    phone: '08030000000',
    store: { id: 1, name: 'Ladipo Spares', url: null },
    items: [],
    subtotalKobo: 1_000_000,
    discountKobo: 0,
    deliveryFeeKobo: 0,
    totalKobo: 1_000_000,
    disputeOpen: false,
    refunds: [],
    payment: { reference: 'SF_x', status: 'success', payUrl: null },
    paidAt: '2026-11-27T00:00:00.000Z',
    holdUntil: null,
    deliveredAt: null,
    shippingNote: '',
    cancelReason: '',
    createdAt: '2026-11-27T00:00:00.000Z',
    timeline: [],
    actions: [],
    ...over,
  }) as OrderView;

const refund = (state: 'on_its_way' | 'refunded' | 'failed', amountKobo = 1_000_000) => ({
  reference: `R-${state}`,
  reason: 'cancelled' as const,
  amountKobo,
  state,
  label: '',
  at: '2026-11-27T00:01:00.000Z',
  settledAt: state === 'on_its_way' ? null : '2026-11-27T00:02:00.000Z',
});

describe('where the money is, told to the buyer and the store', () => {
  it('after a dispute refund never only "released to the store"', () => {
    const o = order({ status: 'completed', refunds: [{ ...refund('on_its_way', 400_000) }] });
    expect(buyerMoney(o)).toBe(
      'Refund of ₦4,000.00 on its way to you; the rest was released to the store',
    );
    expect(sellerMoney(o)).toBe(
      'Refund of ₦4,000.00 on its way to the buyer; the rest was released to your balance',
    );
    expect(buyerMoney({ ...o, refunds: [refund('refunded', 400_000)] })).toMatch(
      /^Refunded ₦4,000.00 to you;/,
    );
    expect(buyerMoney({ ...o, refunds: [refund('failed', 400_000)] })).toMatch(
      /^A refund of ₦4,000.00 did not go through: SpareFinder staff are on it and will contact you;/,
    );
    expect(buyerMoney(order({ status: 'completed' }))).toBe('Paid and released to the store');
  });

  it('an open dispute holds the money', () => {
    expect(buyerMoney(order({ status: 'delivered', disputeOpen: true }))).toBe(
      'Paid, held by SpareFinder while your dispute is open',
    );
  });
});

describe('the page after Paystack', () => {
  it('paid in time: held until delivery', () => {
    expect(paymentResult([order()], 'success', false)).toMatchObject({
      tone: 'good',
      title: 'Payment received: ₦10,000.00',
      body: expect.stringMatching(/^SpareFinder holds it until you confirm delivery/),
    });
  });

  it('paid after the hold ran out: refund on its way, then refunded; never "holds it"', () => {
    const late = order({ status: 'cancelled', refunds: [refund('on_its_way')] });
    const r = paymentResult([late], 'success', false)!;
    expect(r.tone).toBe('bad');
    expect(r.title).toBe('Paid too late: your refund is on its way');
    expect(r.body).toMatch(/hold ran out.*₦10,000.00 is on its way back to you/);
    expect(r.body).not.toMatch(/holds it/);
    const done = paymentResult(
      [order({ status: 'refunded', refunds: [refund('refunded')] })],
      'success',
      false,
    )!;
    expect(done.title).toBe('Paid too late: refunded ₦10,000.00');
    const failed = paymentResult(
      [order({ status: 'refunded', refunds: [refund('failed')] })],
      'success',
      false,
    )!;
    expect(failed.body).toMatch(/did not go through: SpareFinder staff are on it/);
  });

  it('declined, abandoned, pending, and a success Paystack has not told the order about yet', () => {
    const waiting = order({
      status: 'pending_payment',
      paidAt: null,
      holdUntil: '2026-11-27T01:00:00.000Z',
    });
    expect(paymentResult([waiting], 'failed', false)!.title).toBe('Your payment was declined');
    expect(paymentResult([waiting], 'abandoned', false)!.title).toBe(
      'The payment was not completed',
    );
    expect(paymentResult([waiting], 'failed', false)!.body).toMatch(/^Nothing was charged/);
    expect(paymentResult([waiting], 'pending', false)!.tone).toBe('waiting');
    expect(paymentResult([waiting], 'success', false)!.tone).toBe('waiting');
    expect(paymentResult([waiting], null, false)).toBeNull();
  });
});
