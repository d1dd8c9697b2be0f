import { formatKobo } from '@sf/shared';
import type { MailMessage } from '../../lib/mail.ts';
import { orderNumber } from '../orders/mails.ts';

export const REASONS: Record<string, string> = {
  wrong_part: 'Wrong part',
  fake: 'Fake or not genuine',
  damaged: 'Damaged',
  not_received: 'Not received',
};

export const naira = formatKobo;

/** One mail per step, to each person concerned, with a link to the dispute's page. */
export function disputeMail(
  to: { email: string; name: string },
  d: { id: number; orderId: number; productName: string },
  what: string,
  origin: string,
): MailMessage {
  return {
    to: to.email,
    subject: `Dispute on order ${orderNumber(d.orderId)}: ${what.split('.')[0]}`,
    text: `Hello ${to.name},\n\n${what}\n\nPart: ${d.productName}\nOrder: ${orderNumber(d.orderId)}\n\nSee the dispute and answer it here: ${origin}/user/disputes/${d.id}\n\nSpareFinder NG`,
  };
}
