import { formatKobo, orderNumber } from '@sf/shared';
import type { MailMessage } from '../../lib/mail.ts';
import { button, html, mailDocument, paragraph, styles, type Html } from '../../lib/mail-html.ts';
import { statusLabel } from './states.ts';
import type { OrderRow } from './repository.ts';

// The order's one name lives in @sf/shared (pages show it too); kept here for the mails' callers.
export { orderNumber };

/** Links come from the configured public address only, never from a request's headers. */
export const link = (origin: string, path: string) => `${origin}${path}`;

/** The printable invoice of an order (its buyer's and its store's). */
export const invoicePath = (orderId: number) => `/user/orders/${orderId}/invoice`;

/** One order as a receipt shows it: its row, its store and its lines. */
export interface ReceiptOrder {
  o: OrderRow;
  storeName: string;
  items: { name: string; quantity: number; unitPriceKobo: number; lineTotalKobo: number }[];
}

const { FONT, INK, MUTED, LINE } = styles;

// ---- Plain text: the part every mail program shows, and what some people read only.

function textLines(r: ReceiptOrder): string {
  const o = r.o;
  const lines = r.items.map(
    (i) =>
      `- ${i.quantity} x ${i.name}: ${formatKobo(i.lineTotalKobo)}${i.quantity > 1 ? ` (${formatKobo(i.unitPriceKobo)} each)` : ''}`,
  );
  const discount = Number(o.discountKobo);
  return [
    `Order ${orderNumber(o.id)} from ${r.storeName}`,
    ...lines,
    `Subtotal: ${formatKobo(Number(o.subtotalKobo))}`,
    ...(discount ? [`Discount: -${formatKobo(discount)}`] : []),
    `${o.fulfilment === 'pickup' ? 'Pickup at the store' : 'Delivery'}: ${formatKobo(Number(o.deliveryFeeKobo))}`,
    `Total: ${formatKobo(Number(o.totalKobo))}`,
  ].join('\n');
}

// ---- HTML: the same facts, as a table that prints and reads well on a phone.

const cell = (content: unknown, align: 'left' | 'right' = 'left', strong = false) =>
  html`<td
    style="padding:8px 0 8px ${align === 'right' ? 12 : 0}px;border-bottom:1px solid ${LINE};${FONT};font-size:15px;line-height:20px;color:${INK};text-align:${align};vertical-align:top${strong ? ';font-weight:bold' : ''}"
  >
    ${content}
  </td>`;

function orderTable(r: ReceiptOrder, origin: string): Html {
  const o = r.o;
  const discount = Number(o.discountKobo);
  const sum = (label: string, kobo: string, strong = false) =>
    html`<tr>
      ${cell(label, 'left', strong)}${cell('', 'right')}${cell(kobo, 'right', strong)}
    </tr>`;
  return html`<table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="margin:0 0 8px;border-collapse:collapse"
    >
      <tr>
        <td
          colspan="3"
          style="padding:12px 0 4px;${FONT};font-size:17px;font-weight:bold;color:${INK}"
        >
          Order ${orderNumber(o.id)} · ${r.storeName}
        </td>
      </tr>
      <tr>
        <td style="padding:4px 0;${FONT};font-size:13px;color:${MUTED}">Part</td>
        <td style="padding:4px 0 4px 12px;${FONT};font-size:13px;color:${MUTED};text-align:right">
          Qty
        </td>
        <td style="padding:4px 0 4px 12px;${FONT};font-size:13px;color:${MUTED};text-align:right">
          Amount
        </td>
      </tr>
      ${r.items.map(
        (i) =>
          html`<tr>
            ${cell(html`${i.name}${i.quantity > 1 ? html`<br /><span style="color:${MUTED};font-size:13px">${formatKobo(i.unitPriceKobo)} each</span>` : ''}`)}${cell(i.quantity, 'right')}${cell(formatKobo(i.lineTotalKobo), 'right')}
          </tr>`,
      )}
      ${sum('Subtotal', formatKobo(Number(o.subtotalKobo)))}
      ${discount ? sum('Discount', `-${formatKobo(discount)}`) : ''}
      ${sum(o.fulfilment === 'pickup' ? 'Pickup at the store' : 'Delivery', formatKobo(Number(o.deliveryFeeKobo)))}
      ${sum('Total', formatKobo(Number(o.totalKobo)), true)}
    </table>
    <p style="margin:0 0 16px;${FONT};font-size:14px">
      <a href="${link(origin, invoicePath(o.id))}" style="color:${styles.BRAND}"
        >Invoice for ${orderNumber(o.id)} (to print or save)</a
      >
    </p>`;
}

const footer = (origin: string) =>
  html`You get this e-mail because you bought or sold on SpareFinder NG. Keep it: it is your
    receipt. Questions?
    <a href="${link(origin, '/contact-us')}" style="color:${MUTED}">Contact us</a>.`;

// ---- The order mails.

/** To the buyer when Paystack confirms the payment of a checkout (one or several stores). */
export function buyerPaidMail(
  to: string,
  name: string,
  orders: ReceiptOrder[],
  origin: string,
  reference?: string | null,
): MailMessage {
  const total = orders.reduce((a, r) => a + Number(r.o.totalKobo), 0);
  const title = `Payment received: ${formatKobo(total)}`;
  const ref = reference ? `Payment reference: ${reference}` : '';
  return {
    to,
    subject: title,
    text: `Hello ${name},\n\nWe received your payment of ${formatKobo(total)} for:\n\n${orders.map(textLines).join('\n\n')}\n${ref ? `\n${ref}\n` : ''}\nThe money is held safely by SpareFinder NG until you tell us the parts arrived.\nFollow your orders: ${link(origin, '/user/orders')}\nInvoices: ${orders.map((r) => link(origin, invoicePath(r.o.id))).join(' ')}\n\nSpareFinder NG`,
    html: mailDocument({
      title,
      preheader: `${formatKobo(total)} paid for ${orders.length === 1 ? `order ${orderNumber(orders[0].o.id)}` : `${orders.length} orders`}. SpareFinder NG holds it until your parts arrive.`,
      body: html`${paragraph(html`Hello ${name},`)}${paragraph(
        html`We received your payment of <strong>${formatKobo(total)}</strong>. SpareFinder NG holds
          the money safely until you tell us the parts arrived.`,
      )}${orders.map((r) => orderTable(r, origin))}${ref ? paragraph(ref) : ''}${button(link(origin, '/user/orders'), 'Follow your orders')}`,
      footer: footer(origin),
    }),
  };
}

/** To the buyer when a pay-on-delivery checkout is placed: what to pay, and to whom. */
export function buyerPlacedMail(
  to: string,
  name: string,
  orders: ReceiptOrder[],
  origin: string,
): MailMessage {
  const total = orders.reduce((a, r) => a + Number(r.o.totalKobo), 0);
  const title = `Order placed: pay ${formatKobo(total)} on delivery`;
  return {
    to,
    subject: title,
    text: `Hello ${name},\n\nYour order is placed. You pay ${formatKobo(total)} in cash when the parts arrive:\n\n${orders.map(textLines).join('\n\n')}\n\nThe store accepts the order next; we e-mail you at each step.\nFollow your orders: ${link(origin, '/user/orders')}\nInvoices: ${orders.map((r) => link(origin, invoicePath(r.o.id))).join(' ')}\n\nSpareFinder NG`,
    html: mailDocument({
      title,
      preheader: `You pay ${formatKobo(total)} in cash when the parts arrive.`,
      body: html`${paragraph(html`Hello ${name},`)}${paragraph(
        html`Your order is placed. You pay <strong>${formatKobo(total)}</strong> in cash when the
          parts arrive. The store accepts the order next; we e-mail you at each step.`,
      )}${orders.map((r) => orderTable(r, origin))}${button(link(origin, '/user/orders'), 'Follow your orders')}`,
      footer: footer(origin),
    }),
  };
}

/** To the buyer at each move of an order (accepted, shipped, delivered, cancelled, refunded …). */
export function buyerMoveMail(
  to: string,
  name: string,
  r: ReceiptOrder,
  note: string,
  origin: string,
): MailMessage {
  const o = r.o;
  const n = orderNumber(o.id);
  const said =
    o.status === 'shipped' && o.shippingNote
      ? { label: 'The store says', text: o.shippingNote }
      : o.status === 'cancelled' && o.cancelReason
        ? { label: 'Reason', text: o.cancelReason }
        : null;
  const ask =
    o.status === 'delivered'
      ? "When you have the parts, press 'I received it' on the order so the store is paid."
      : '';
  const title = `Order ${n} is ${statusLabel(o.status)}`;
  const extra = said ? `\n${said.label}: ${said.text}\n` : note ? `\n${note}\n` : '';
  return {
    to,
    subject: title,
    text: `Hello ${name},\n\nYour order ${n} from ${r.storeName} (${formatKobo(Number(o.totalKobo))}) is now ${statusLabel(o.status)}.\n${extra}${ask ? `\n${ask}\n` : ''}\n${textLines(r)}\n\nSee it here: ${link(origin, `/user/orders#order-${o.id}`)}\nInvoice: ${link(origin, invoicePath(o.id))}\n\nSpareFinder NG`,
    html: mailDocument({
      title,
      preheader: `${r.storeName}: ${formatKobo(Number(o.totalKobo))}, now ${statusLabel(o.status)}.`,
      body: html`${paragraph(html`Hello ${name},`)}${paragraph(
        html`Your order ${n} from ${r.storeName} (${formatKobo(Number(o.totalKobo))}) is now
          <strong>${statusLabel(o.status)}</strong>.`,
      )}${said ? paragraph(html`<strong>${said.label}:</strong> ${said.text}`) : note ? paragraph(note) : ''}${ask ? paragraph(ask) : ''}${orderTable(r, origin)}${button(link(origin, `/user/orders#order-${o.id}`), 'See the order')}`,
      footer: footer(origin),
    }),
  };
}

/**
 * The store confirmed the cash of a pay-on-delivery order: a receipt, not another "is delivered"
 * (the order did not move; the buyer was told of the delivery when it happened).
 */
export function buyerCashReceivedMail(
  to: string,
  name: string,
  r: ReceiptOrder,
  origin: string,
): MailMessage {
  const o = r.o;
  const n = orderNumber(o.id);
  const ask =
    o.status === 'delivered'
      ? "When you have all the parts, press 'I received it' on the order."
      : '';
  const title = `Cash payment received for order ${n}`;
  const said = `${r.storeName} confirmed it received your cash payment of ${formatKobo(Number(o.totalKobo))} for order ${n}. Thank you.`;
  return {
    to,
    subject: title,
    text: `Hello ${name},\n\n${said}\n${ask ? `\n${ask}\n` : ''}\n${textLines(r)}\n\nSee it here: ${link(origin, `/user/orders#order-${o.id}`)}\nInvoice: ${link(origin, invoicePath(o.id))}\n\nSpareFinder NG`,
    html: mailDocument({
      title,
      preheader: said,
      body: html`${paragraph(html`Hello ${name},`)}${paragraph(said)}${ask ? paragraph(ask) : ''}${orderTable(r, origin)}${button(link(origin, `/user/orders#order-${o.id}`), 'See the order')}`,
      footer: footer(origin),
    }),
  };
}

/** To a store's owner when an order arrives (paid, or to be paid on delivery). */
export function sellerNewOrderMail(
  to: string,
  name: string,
  r: ReceiptOrder,
  origin: string,
  place: string | null,
): MailMessage {
  const o = r.o;
  const n = orderNumber(o.id);
  const how =
    o.paymentMethod === 'pay_on_delivery'
      ? 'The buyer pays cash on delivery: mark the order paid when the cash arrives.'
      : 'The buyer has paid: SpareFinder NG holds the money until the buyer receives the parts.';
  const where =
    o.fulfilment === 'pickup'
      ? 'The buyer picks the parts up at your store.'
      : `Deliver to ${place ?? 'the address on the order'}.`;
  const title = `New order ${n} for ${r.storeName}: ${formatKobo(Number(o.totalKobo))}`;
  return {
    to,
    subject: title,
    text: `Hello ${name},\n\n${r.storeName} has a new order ${n}:\n${r.items
      .map((i) => `- ${i.quantity} x ${i.name}`)
      .join(
        '\n',
      )}\n\n${how}\n${where}\n\n${textLines(r)}\n\nAccept it here: ${link(origin, `/user/store/orders`)}\nInvoice: ${link(origin, invoicePath(o.id))}\n\nSpareFinder NG`,
    html: mailDocument({
      title,
      preheader: `${r.items.map((i) => `${i.quantity} x ${i.name}`).join(', ')}`,
      body: html`${paragraph(html`Hello ${name},`)}${paragraph(html`${r.storeName} has a new order.`)}${paragraph(how)}${paragraph(where)}${orderTable(r, origin)}${button(link(origin, '/user/store/orders'), 'Accept the order')}`,
      footer: footer(origin),
    }),
  };
}
