import { formatKobo } from '@sf/shared';
import type { MailMessage } from '../../lib/mail.ts';
import type { PlanRow } from './repository.ts';

export const naira = formatKobo;
/** The day a period ends, as people in Nigeria read it. */
export const dayOf = (d: Date) =>
  d.toLocaleDateString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

interface To {
  email: string;
  name: string;
}

export function paidMail(
  to: To,
  plan: PlanRow,
  what: 'started' | 'renewed' | 'scheduled',
  day: Date,
  link: string,
  paid: { amountKobo: number; carried?: { plan: PlanRow; days: number; extraDays: number } },
): MailMessage {
  const c = paid.carried;
  const line =
    what === 'scheduled'
      ? `Your ${plan.name} plan starts on ${dayOf(day)}, when your current plan ends.`
      : `Your ${plan.name} plan is active until ${dayOf(day)}.${
          c
            ? ` That is 30 days plus ${days(c.extraDays)} for the ${days(c.days)} left on ${c.plan.name}.`
            : ''
        }`;
  return {
    to: to.email,
    subject: `${plan.name} plan: payment of ${naira(paid.amountKobo)} received`,
    text: `Hello ${to.name},\n\nWe received ${naira(paid.amountKobo)} for the ${plan.name} plan. ${line}\n\nYour plan: ${link}\n\nSpareFinder NG`,
  };
}

export function reminderMail(
  to: To,
  plan: PlanRow,
  free: { name: string; limit: string; placement: boolean },
  end: Date,
  link: string,
) {
  return {
    to: to.email,
    subject: `Your ${plan.name} plan ends on ${dayOf(end)}`,
    text: `Hello ${to.name},\n\nYour ${plan.name} plan ends on ${dayOf(end)}. Renew it for ${naira(plan.price_kobo)} a month here: ${link}\n\nIf you do not renew, you move to the ${free.name} plan (${free.limit}) that day${free.placement ? ' and lose your place before free listings in your area' : ''}. Nothing you listed is removed.\n\nSpareFinder NG`,
  } satisfies MailMessage;
}

export function changedMail(to: To, from: PlanRow, now: PlanRow, end: Date | null, link: string) {
  return {
    to: to.email,
    subject: `You are now on the ${now.name} plan`,
    text: `Hello ${to.name},\n\nYour ${from.name} plan ended. You are now on the ${now.name} plan${end ? ` until ${dayOf(end)}` : ''}.\n\nYour plan: ${link}\n\nSpareFinder NG`,
  } satisfies MailMessage;
}
