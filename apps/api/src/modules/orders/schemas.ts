import { Obj, nullable, okStatus } from '../../lib/schemas.ts';
import { ORDER_STATES } from './states.ts';

// The orders' answers, for the buyer and for the seller (amounts in kobo, times in ISO 8601).

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const time = nullable(str);

/** Whether card payments are real: off, test (no money moves) or live. */
export const paymentsModeSchema = { type: 'string', enum: ['off', 'test', 'live'] } as const;

export const orderView = Obj(
  {
    id: int,
    number: { ...str, description: 'The order number people read (SF-…)' },
    checkoutId: str,
    status: { type: 'string', enum: [...ORDER_STATES] },
    statusLabel: str,
    paymentMethod: { type: 'string', enum: ['paystack', 'pay_on_delivery'] },
    money: { ...str, description: 'Where the money is, in words' },
    fulfilment: { type: 'string', enum: ['delivery', 'pickup'] },
    address: nullable(
      Obj({
        stateId: nullable(int),
        cityId: nullable(int),
        state: nullable(str),
        city: nullable(str),
        street: nullable(str),
      }),
    ),
    phone: str,
    store: Obj({ id: int, name: str, url: nullable(str) }),
    buyer: Obj({ name: str, phone: str }),
    items: {
      type: 'array',
      items: Obj({
        productId: int,
        name: str,
        url: str,
        unitPriceKobo: int,
        quantity: int,
        lineTotalKobo: int,
      }),
    },
    subtotalKobo: int,
    discountKobo: int,
    deliveryFeeKobo: int,
    totalKobo: int,
    commissionKobo: { ...int, description: "The platform's commission (seller only)" },
    storeReceivesKobo: {
      ...int,
      description:
        "What the store receives: always for the seller; for the buyer while 'I received it' is offered (what pressing it releases)",
    },
    disputeOpen: {
      type: 'boolean',
      description: 'A dispute of the order is open: its money stays in escrow until it is settled',
    },
    disputes: {
      type: 'array',
      description: "The disputes of the order's parts, oldest first, with whose move it is",
      items: Obj({
        id: int,
        productId: int,
        open: { type: 'boolean', description: 'Not settled yet' },
        label: { ...str, description: "In words: 'Dispute open: answer the buyer' …" },
        url: { ...str, description: 'Its page, for the buyer and the store' },
      }),
    },
    refunds: {
      type: 'array',
      description:
        "Every refund of the order (cancelled, by staff, a dispute's), oldest first, in the state Paystack last told",
      items: Obj({
        reference: str,
        reason: { type: 'string', enum: ['cancelled', 'staff', 'dispute'] },
        amountKobo: int,
        state: { type: 'string', enum: ['on_its_way', 'refunded', 'failed'] },
        label: { ...str, description: "In words: 'Refund of ₦X on its way', 'Refunded ₦X' …" },
        at: str,
        settledAt: { ...time, description: 'When Paystack said it was paid back or failed' },
      }),
    },
    payment: nullable(Obj({ reference: str, status: str, payUrl: nullable(str) })),
    paidAt: time,
    holdUntil: time,
    deliveredAt: time,
    shippingNote: nullable(str),
    cancelReason: nullable(str),
    createdAt: time,
    timeline: {
      type: 'array',
      items: Obj({ from: nullable(str), to: str, by: str, note: str, at: time }),
    },
    actions: { type: 'array', items: str, description: 'What the viewer may do now' },
  },
  ['buyer', 'commissionKobo', 'storeReceivesKobo'],
);

export const ordersReply = Obj({
  status: okStatus,
  items: { type: 'array', items: orderView },
  payments: paymentsModeSchema,
});
export const orderReply = Obj({ status: okStatus, order: orderView });

/** One payout: see docs/commerce-api.md (payouts) for its states. */
export const payoutItem = Obj({
  id: int,
  amountKobo: int,
  status: {
    type: 'string',
    enum: ['pending', 'otp', 'success', 'failed', 'reversed'],
    description: 'otp: waiting for staff to enter the OTP Paystack sent',
  },
  outcomeUnknown: {
    type: 'boolean',
    description: "Paystack's answer was unclear: the transfer is being looked up",
  },
  reference: str,
  failureReason: nullable(str),
  createdAt: str,
});

/** A store's money: balance, escrow, payouts and statement. */
export const balanceReply = Obj({
  status: okStatus,
  storeId: int,
  balanceKobo: { ...int, description: 'What the store can withdraw (never below zero)' },
  commissionDueKobo: { ...int, description: 'Commission owed on cash orders, not yet netted' },
  escrowKobo: { ...int, description: 'Paid for orders not yet received' },
  paidOutKobo: int,
  minPayoutKobo: int,
  bankAccount: nullable(
    Obj({
      bankCode: str,
      accountNumber: { ...str, description: 'Masked' },
      accountName: { ...str, description: 'As the bank holds it (resolved, never typed)' },
    }),
  ),
  payoutsHeldUntil: {
    ...nullable(str),
    description:
      'After a change of bank account, or a sign-in by SMS code on a new device, no payout leaves before this time',
  },
  payoutsHoldReason: {
    type: ['string', 'null'],
    enum: ['bank_account', 'new_device', null],
    description: 'Why payouts wait (null when they do not)',
  },
  payouts: { type: 'array', items: payoutItem },
  statement: {
    type: 'array',
    items: Obj({
      kind: str,
      ref: str,
      memo: str,
      account: { ...str, description: 'store:<id>:balance or store:<id>:commission_due' },
      amountKobo: int,
      createdAt: str,
    }),
  },
});

/** An order's invoice, for its buyer and its store only (amounts in kobo). */
export const invoiceView = Obj({
  id: int,
  number: { ...str, description: 'SF-… (also the invoice number)' },
  viewer: { type: 'string', enum: ['buyer', 'seller'] },
  createdAt: str,
  status: { type: 'string', enum: [...ORDER_STATES] },
  statusLabel: str,
  paymentMethod: { type: 'string', enum: ['paystack', 'pay_on_delivery'] },
  paid: { type: 'boolean', description: 'Paystack confirmed it, or the store received the cash' },
  paidAt: time,
  paymentReference: nullable(str),
  seller: Obj({
    name: str,
    address: str,
    city: str,
    state: str,
    phones: { type: 'array', items: str },
    url: { ...str, description: "The store's page" },
  }),
  buyer: Obj({ name: str, phone: { ...str, description: 'The phone given with the order' } }),
  fulfilment: { type: 'string', enum: ['delivery', 'pickup'] },
  deliverTo: nullable(Obj({ street: nullable(str), city: nullable(str), state: nullable(str) })),
  items: {
    type: 'array',
    items: Obj({
      productId: int,
      name: str,
      quantity: int,
      unitPriceKobo: int,
      lineTotalKobo: int,
    }),
  },
  subtotalKobo: int,
  discountKobo: int,
  deliveryFeeKobo: int,
  totalKobo: int,
  refundedKobo: { ...int, description: 'What Paystack has paid back to the buyer so far' },
});
export const invoiceReply = Obj({ status: okStatus, invoice: invoiceView });
