import { formatKobo } from '@sf/shared';
import { when } from './dates.ts';
import type { OrderView } from './orders.ts';

// Where an order's money is, in the words of the person looking: the buyer or the store. Refunds
// are told in the state Paystack last gave them (on its way, refunded, failed), never as done
// before Paystack says so.

const sum = (rs: { amountKobo: number }[]) => rs.reduce((a, r) => a + r.amountKobo, 0);
const HELD = ['paid', 'processing', 'shipped', 'delivered'];

/** The refunds of an order in a few words, for `who` ('you' or 'the buyer'); null without any. */
function refundWords(o: OrderView, who: 'you' | 'the buyer'): string | null {
  const rs = o.refunds ?? [];
  if (rs.length === 0) return null;
  const failed = rs.filter((r) => r.state === 'failed');
  if (failed.length)
    return `A refund of ${formatKobo(sum(failed))} did not go through: SpareFinder staff are on it${who === 'you' ? ' and will contact you' : ''}`;
  return rs.every((r) => r.state === 'refunded')
    ? `Refunded ${formatKobo(sum(rs))} to ${who}`
    : `Refund of ${formatKobo(sum(rs))} on its way to ${who}`;
}

/** With refunds, both halves: what went back and where the rest is. */
function withRefunds(o: OrderView, viewer: 'buyer' | 'seller'): string | null {
  const back = refundWords(o, viewer === 'buyer' ? 'you' : 'the buyer');
  if (!back) return null;
  if (sum(o.refunds ?? []) >= o.totalKobo || !['completed', ...HELD].includes(o.status))
    return back;
  if (o.status === 'completed')
    return `${back}; the rest was released to ${viewer === 'buyer' ? 'the store' : 'your balance'}`;
  return `${back}; the rest is held until ${viewer === 'buyer' ? 'you confirm' : 'the buyer confirms'} delivery`;
}

/** Where the buyer's money is, in the buyer's own words. */
export function buyerMoney(o: OrderView): string {
  const refunded = withRefunds(o, 'buyer');
  if (refunded) return refunded;
  if (o.paymentMethod === 'pay_on_delivery') {
    if (o.status === 'cancelled') return 'Cancelled: nothing was paid';
    return o.paidAt
      ? 'Paid in cash to the store on delivery'
      : 'To pay in cash to the store on delivery';
  }
  switch (o.status) {
    case 'pending_payment':
      return 'Not paid yet';
    case 'completed':
      return 'Paid and released to the store';
    case 'cancelled':
      return o.paidAt ? 'Paid, being refunded to you' : 'Cancelled: nothing was paid';
    case 'refunded':
      return 'Refund on its way to you';
    default:
      return o.disputeOpen
        ? 'Paid, held by SpareFinder while your dispute is open'
        : 'Paid, held until you confirm delivery';
  }
}

/** Where the seller's money is. */
export function sellerMoney(o: OrderView): string {
  const refunded = withRefunds(o, 'seller');
  if (refunded) return refunded;
  if (o.paymentMethod === 'pay_on_delivery') {
    if (o.status === 'cancelled') return 'Cancelled: nothing was paid';
    return o.paidAt ? 'Cash received on delivery' : 'Collect the cash on delivery';
  }
  switch (o.status) {
    case 'pending_payment':
      return 'The buyer has not paid yet: do not send anything';
    case 'completed':
      return 'Released to your balance';
    case 'cancelled':
      return o.paidAt ? 'Being refunded to the buyer' : 'Cancelled: nothing was paid';
    case 'refunded':
      return 'Refund on its way to the buyer';
    default:
      return o.disputeOpen
        ? 'Paid, held by SpareFinder until the dispute is settled'
        : 'Paid, held by SpareFinder until the buyer confirms delivery';
  }
}

export interface PaymentResult {
  tone: 'good' | 'bad' | 'waiting';
  title: string;
  body: string;
}

/**
 * What the page the buyer returns to from Paystack says, for the orders of that checkout and
 * Paystack's word on the payment (`payment`: success, failed, abandoned, pending …). A payment
 * that arrived after the orders' hold ran out is refunded, so it is never "held for you".
 */
export function paymentResult(
  orders: OrderView[],
  payment: string | null,
  placed: boolean,
): PaymentResult | null {
  const n = orders.length;
  const many = n === 1 ? 'Your order is' : `Your ${n} orders are`;
  const stores = `the store${n === 1 ? '' : 's'}`;
  if (payment === 'success') {
    const held = orders.filter((o) => o.paidAt && [...HELD, 'completed'].includes(o.status));
    const late = orders.filter((o) => o.paidAt && ['cancelled', 'refunded'].includes(o.status));
    if (held.length === 0 && late.length === 0)
      return {
        tone: 'waiting',
        title: 'Waiting for Paystack to confirm your payment',
        body: 'This usually takes a few seconds. Reload this page to see the result.',
      };
    const refunds = late.flatMap((o) => o.refunds ?? []);
    const lateKobo = sum(late.map((o) => ({ amountKobo: o.totalKobo })));
    const lateWords =
      refunds.length && refunds.every((r) => r.state === 'refunded')
        ? `Paystack has returned ${formatKobo(lateKobo)} to you.`
        : refunds.some((r) => r.state === 'failed')
          ? `Returning ${formatKobo(lateKobo)} to you did not go through: SpareFinder staff are on it and will contact you.`
          : `${formatKobo(lateKobo)} is on its way back to you through Paystack: this page shows when it is refunded.`;
    if (held.length === 0)
      return {
        tone: 'bad',
        title:
          refunds.length && refunds.every((r) => r.state === 'refunded')
            ? `Paid too late: refunded ${formatKobo(lateKobo)}`
            : 'Paid too late: your refund is on its way',
        body: `Your payment arrived after the order${n === 1 ? "'s" : "s'"} hold ran out, so the order${n === 1 ? ' was' : 's were'} cancelled and the parts went back on sale. ${lateWords}`,
      };
    const heldKobo = sum(held.map((o) => ({ amountKobo: o.totalKobo })));
    const m = held.length;
    return {
      tone: 'good',
      title: `Payment received: ${formatKobo(heldKobo)}`,
      body:
        `SpareFinder holds it until you confirm delivery. ${m === 1 ? 'Your order is' : `Your ${m} orders are`} with the store${m === 1 ? '' : 's'} now.` +
        (late.length
          ? ` ${late.map((o) => o.number).join(', ')} arrived after its hold ran out and was cancelled: ${lateWords}`
          : ''),
    };
  }
  if (payment === 'failed' || payment === 'abandoned' || payment === 'reversed') {
    const until = orders.find((o) => o.holdUntil)?.holdUntil ?? null;
    return {
      tone: 'bad',
      title: payment === 'failed' ? 'Your payment was declined' : 'The payment was not completed',
      body: until
        ? `Nothing was charged. ${many} kept until ${when(until)}: press 'Pay now' to try again.`
        : `Nothing was charged.${orders.some((o) => o.status === 'cancelled') ? ' The order was cancelled when its hold ran out: order again from the part’s page.' : ''}`,
    };
  }
  if (payment)
    return {
      tone: 'waiting',
      title: 'Waiting for Paystack to confirm your payment',
      body: 'This usually takes a few seconds. Reload this page to see the result.',
    };
  if (placed)
    return {
      tone: 'good',
      title: `Order placed: ${formatKobo(sum(orders.map((o) => ({ amountKobo: o.totalKobo }))))} to pay on delivery`,
      body: `Pay the store in cash when the parts reach you. ${many} with ${stores} now.`,
    };
  return null;
}

/** Why a store's payouts wait (decision 0029), in the words the withdrawal refusal uses too. */
export const payoutsHeldBecause = (reason: string | null | undefined) =>
  reason === 'new_device'
    ? 'Your account was signed in with an SMS code on a new device'
    : 'Your bank account changed recently';
