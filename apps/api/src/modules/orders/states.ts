import { formatKobo } from '@sf/shared';

/**
 * Order states and the only moves allowed between them. Every move is recorded in
 * order_events (who, when, from, to); anything else is refused with 409.
 *
 *   pending_payment ──paid──> paid ─┐
 *   (pay on delivery) pay_on_delivery ─┴─accept─> processing ─ship─> shipped ─deliver─> delivered ─receive─> completed
 *   pending_payment | paid | pay_on_delivery | processing ──cancel──> cancelled ──refund──> refunded
 */
export const ORDER_STATES = [
  'pending_payment',
  'paid',
  'pay_on_delivery',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATES)[number];

export type Actor = 'buyer' | 'seller' | 'system' | 'admin';

export type Action = 'pay' | 'accept' | 'ship' | 'deliver' | 'receive' | 'cancel' | 'refund';

interface Move {
  from: OrderStatus[];
  to: OrderStatus;
  by: Actor[];
}

export const MOVES: Record<Action, Move> = {
  pay: { from: ['pending_payment'], to: 'paid', by: ['system'] },
  accept: { from: ['paid', 'pay_on_delivery'], to: 'processing', by: ['seller', 'admin'] },
  ship: { from: ['processing'], to: 'shipped', by: ['seller', 'admin'] },
  deliver: { from: ['shipped'], to: 'delivered', by: ['seller', 'admin'] },
  // 'I received it' (buyer), or the escrow job once the quiet period passed (system).
  receive: { from: ['delivered'], to: 'completed', by: ['buyer', 'system', 'admin'] },
  // A buyer may cancel until the store accepts; the store until it ships; the system an
  // order left unpaid.
  cancel: {
    from: ['pending_payment', 'paid', 'pay_on_delivery', 'processing'],
    to: 'cancelled',
    by: ['buyer', 'seller', 'system', 'admin'],
  },
  refund: { from: ['cancelled'], to: 'refunded', by: ['system', 'admin'] },
};

/** States from which an actor may take an action (narrower than the move for some actors). */
export function allowedFrom(action: Action, actor: Actor): OrderStatus[] {
  const m = MOVES[action];
  if (!m.by.includes(actor)) return [];
  if (action === 'cancel' && actor === 'buyer')
    return ['pending_payment', 'paid', 'pay_on_delivery'];
  if (action === 'cancel' && actor === 'system') return ['pending_payment'];
  return m.from;
}

const VERB: Record<Action, string> = {
  pay: 'paid',
  accept: 'accepted',
  ship: 'marked shipped',
  deliver: 'marked delivered',
  receive: 'marked received',
  cancel: 'cancelled',
  refund: 'refunded',
};

const LABEL: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  paid: 'paid',
  pay_on_delivery: 'to be paid on delivery',
  processing: 'being prepared',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};
export const statusLabel = (s: string) => LABEL[s as OrderStatus] ?? s;

export const refusal = (action: Action, current: string) =>
  `This order is ${statusLabel(current)}: it cannot be ${VERB[action]} now`;

/** A refund as people are told about it: Paystack's word decides, never our sending it. */
export type RefundState = 'on_its_way' | 'refunded' | 'failed';

/** processed: Paystack paid it back; failed: it could not; anything else is still under way. */
export const refundState = (status: string): RefundState =>
  status === 'processed' ? 'refunded' : status === 'failed' ? 'failed' : 'on_its_way';

/** The refunds of an order in a few words (null without any). */
export function refundWords(refunds: { amountKobo: number; state: RefundState }[]): string | null {
  if (refunds.length === 0) return null;
  const failed = refunds.filter((r) => r.state === 'failed');
  if (failed.length)
    return `A refund of ${formatKobo(failed.reduce((a, r) => a + r.amountKobo, 0))} did not go through: SpareFinder staff are on it`;
  const sum = formatKobo(refunds.reduce((a, r) => a + r.amountKobo, 0));
  return refunds.every((r) => r.state === 'refunded')
    ? `Refunded ${sum} to the buyer`
    : `Refund of ${sum} on its way to the buyer`;
}

/** What the money of an order is doing, for buyer and seller alike. */
export function moneyState(
  o: {
    status: string;
    paymentMethod: string;
    paidAt: Date | string | null;
    totalKobo?: number | bigint;
  },
  refunds: { amountKobo: number; state: RefundState }[] = [],
): string {
  const back = refundWords(refunds);
  if (back) {
    const all = refunds.reduce((a, r) => a + r.amountKobo, 0) >= Number(o.totalKobo ?? 0);
    if (all || o.status === 'cancelled' || o.status === 'refunded') return back;
    // Never 'released' alone once any money went back: say both halves.
    if (o.status === 'completed') return `${back}; the rest released to the store's balance`;
    return `${back}; the rest held by SpareFinder (escrow) until the buyer receives the parts`;
  }
  if (o.paymentMethod === 'pay_on_delivery') {
    if (o.status === 'cancelled') return 'Cancelled: nothing was paid';
    return o.paidAt
      ? 'Paid in cash to the store on delivery'
      : 'To be paid in cash to the store on delivery';
  }
  switch (o.status) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'completed':
      return "Released to the store's balance";
    case 'cancelled':
      return o.paidAt ? 'Being refunded to the buyer' : 'Cancelled: nothing was paid';
    case 'refunded':
      return 'Refunded to the buyer';
    default:
      return 'Held safely by SpareFinder (escrow) until the buyer receives the parts';
  }
}
