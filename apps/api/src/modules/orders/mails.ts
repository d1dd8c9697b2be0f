import { formatNaira, orderNumber } from '@sf/shared';
import type { MailMessage } from '../../lib/mail.ts';
import { statusLabel } from './states.ts';
import type { OrderRow } from './repository.ts';

// The order's one name lives in @sf/shared (pages show it too); kept here for the mails' callers.
export { orderNumber };
const naira = (kobo: number) => formatNaira(kobo / 100);

/** Links come from the configured public address only, never from a request's headers. */
export const link = (origin: string, path: string) => `${origin}${path}`;

export function buyerPaidMail(
  to: string,
  name: string,
  orders: OrderRow[],
  origin: string,
): MailMessage {
  const total = orders.reduce((a, o) => a + Number(o.totalKobo), 0);
  const list = orders
    .map((o) => `- ${orderNumber(o.id)}: ${naira(Number(o.totalKobo))}`)
    .join('\n');
  return {
    to,
    subject: `Payment received: ${naira(total)}`,
    text: `Hello ${name},\n\nWe received your payment of ${naira(total)} for:\n${list}\n\nThe money is held safely by SpareFinder NG until you tell us the parts arrived.\nFollow your orders: ${link(origin, '/user/orders')}\n\nSpareFinder NG`,
  };
}

export function buyerMoveMail(
  to: string,
  name: string,
  o: OrderRow,
  storeName: string,
  note: string,
  origin: string,
): MailMessage {
  const n = orderNumber(o.id);
  const extra =
    o.status === 'shipped' && o.shippingNote
      ? `\nThe store says: ${o.shippingNote}\n`
      : o.status === 'cancelled' && o.cancelReason
        ? `\nReason: ${o.cancelReason}\n`
        : note
          ? `\n${note}\n`
          : '';
  const ask =
    o.status === 'delivered'
      ? `\nWhen you have the parts, press 'I received it' on the order so the store is paid.\n`
      : '';
  return {
    to,
    subject: `Order ${n} is ${statusLabel(o.status)}`,
    text: `Hello ${name},\n\nYour order ${n} from ${storeName} (${naira(Number(o.totalKobo))}) is now ${statusLabel(o.status)}.\n${extra}${ask}\nSee it here: ${link(origin, `/user/orders/${o.id}`)}\n\nSpareFinder NG`,
  };
}

/**
 * The store confirmed the cash of a pay-on-delivery order: a receipt, not another "is delivered"
 * (the order did not move; the buyer was told of the delivery when it happened).
 */
export function buyerCashReceivedMail(
  to: string,
  name: string,
  o: OrderRow,
  storeName: string,
  origin: string,
): MailMessage {
  const n = orderNumber(o.id);
  const ask =
    o.status === 'delivered'
      ? `\nWhen you have all the parts, press 'I received it' on the order.\n`
      : '';
  return {
    to,
    subject: `Cash payment received for order ${n}`,
    text: `Hello ${name},\n\n${storeName} confirmed it received your cash payment of ${naira(Number(o.totalKobo))} for order ${n}. Thank you.\n${ask}\nSee it here: ${link(origin, `/user/orders/${o.id}`)}\n\nSpareFinder NG`,
  };
}

export function sellerNewOrderMail(
  to: string,
  name: string,
  storeName: string,
  o: OrderRow,
  items: { name: string; quantity: number }[],
  origin: string,
): MailMessage {
  const n = orderNumber(o.id);
  const how =
    o.paymentMethod === 'pay_on_delivery'
      ? 'The buyer pays cash on delivery: mark the order paid when the cash arrives.'
      : 'The buyer has paid: SpareFinder NG holds the money until the buyer receives the parts.';
  return {
    to,
    subject: `New order ${n} for ${storeName}: ${naira(Number(o.totalKobo))}`,
    text: `Hello ${name},\n\n${storeName} has a new order ${n}:\n${items
      .map((i) => `- ${i.quantity} x ${i.name}`)
      .join(
        '\n',
      )}\n\n${how}\nAccept it here: ${link(origin, `/user/store/orders`)}\n\nSpareFinder NG`,
  };
}
