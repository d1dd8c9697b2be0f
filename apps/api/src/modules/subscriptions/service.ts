import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { publicOrigin } from '../../config.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { queueMail } from '../../lib/mail.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { account, type Entry } from '../ledger/ledger.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { createPayment, newReference, payerEmail, paymentsService } from '../payments/service.ts';
import { paymentsMode } from '../payments/setup.ts';
import { PROVIDER_LISTS_CLEAR } from '../providers/service.ts';
import { LISTINGS_PER_ACCOUNT, planOf } from './limits.ts';
import { changedMail, dayOf, naira, paidMail, reminderMail } from './mails.ts';
import {
  subscriptionsRepository,
  type Audience,
  type PlanRow,
  type SubscriptionRow,
} from './repository.ts';
import type { PlanItem, SubscriptionAnswer, UpgradeAnswer } from './types.ts';

/** A paid period: 30 days from payment (or from the end of the period it renews). */
export const PERIOD_MS = 30 * 86_400_000;
export const DAY_MS = 86_400_000;
/** The renewal reminder goes this long before a period ends. */
export const REMIND_BEFORE_MS = 3 * 86_400_000;
/** The ledger account subscription payments are credited to. */
export const SUBSCRIPTIONS_ACCOUNT = account.subscriptions;

type Page = 'store' | 'workshop' | 'garage';
const PAGE_OF_ROLE: Record<string, Page> = {
  Seller: 'store',
  Mechanic: 'workshop',
  'Tow Van': 'garage',
};
const audienceOf = (page: Page): Audience => (page === 'store' ? 'store' : 'provider');
export const pagePath = (page: Page) => `/user/${page}/subscriptions`;
const ITEM: Record<Page, [string, string]> = {
  store: ['product', 'products'],
  workshop: ['workshop', 'workshops'],
  garage: ['garage', 'garages'],
};
/**
 * A plan's limit in words. A workshop or garage account runs one listing on every plan (the
 * listing form makes one; decision 0031), so provider plans never promise more than one.
 */
export const limitText = (page: Page, n: number) => {
  const k = page === 'store' ? n : Math.min(n, LISTINGS_PER_ACCOUNT);
  return `${k.toLocaleString('en-NG')} ${ITEM[page][k === 1 ? 0 : 1]}${page === 'store' ? ' per store' : ''}`;
};
/** The limit that really holds: products per store, or the one listing of a provider account. */
const limitOf = (page: Page, n: number) =>
  page === 'store' ? n : Math.min(n, LISTINGS_PER_ACCOUNT);

/**
 * Days left on a running paid plan are not lost on an upgrade (decision 0031): they become days
 * of the dearer plan at the two prices (30 Basic days at ₦5,000 are 10 Premium days at ₦15,000),
 * in whole days rounded up (the subscriber's favour), in integer arithmetic.
 */
export function carryDays(leftMs: number, fromPriceKobo: number, toPriceKobo: number): number {
  if (leftMs <= 0 || fromPriceKobo <= 0 || toPriceKobo <= 0) return 0;
  const num = BigInt(Math.trunc(leftMs)) * BigInt(fromPriceKobo);
  const den = BigInt(toPriceKobo) * BigInt(DAY_MS);
  return Number((num + den - 1n) / den);
}
/** Whole days left until `end`, rounded up (what the page calls "the 20 days left"). */
export const daysLeft = (end: Date, now: Date) =>
  Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
const dayWord = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

function pageOf(user: Pick<SessionUser, 'role'>): Page {
  const page = PAGE_OF_ROLE[user.role];
  if (!page) throw forbidden('Only a seller, a mechanic or a tow van has a subscription');
  return page;
}

/** A paid plan still running: the only state in which a cheaper plan waits for its end. */
const running = (sub: SubscriptionRow | undefined, plan: PlanRow, now = new Date()) =>
  !!sub?.period_end && sub.period_end > now && plan.price_kobo > 0;

type Terms = Pick<PlanItem, 'startsAt' | 'endsAt' | 'extraDays' | 'terms'>;
const NO_TERMS: Terms = { startsAt: null, endsAt: null, extraDays: 0, terms: null };

const toItem = (
  p: PlanRow,
  page: Page,
  action: PlanItem['action'],
  t: Terms = NO_TERMS,
): PlanItem => ({
  code: p.code,
  name: p.name,
  priceKobo: p.price_kobo,
  itemLimit: limitOf(page, p.item_limit),
  limitText: limitText(page, p.item_limit),
  rankBoost: p.rank_boost,
  action,
  ...t,
});

/**
 * What paying for `p` now does, in numbers and in the words the page shows before payment: the
 * same rule `onPaid` applies (a payment's minutes at Paystack change nothing but the hour).
 */
function termsOf(
  p: PlanRow,
  action: PlanItem['action'],
  current: PlanRow,
  sub: SubscriptionRow | undefined,
  now: Date,
): Terms {
  const pay = `You pay ${naira(p.price_kobo)} now.`;
  const end = sub?.period_end;
  if (action === 'renew' && end) {
    const until = new Date(end.getTime() + PERIOD_MS);
    return {
      startsAt: end.toISOString(),
      endsAt: until.toISOString(),
      extraDays: 0,
      terms: `${pay} ${p.name} runs 30 more days, until ${dayOf(until)}.`,
    };
  }
  if (action === 'downgrade' && end) {
    const until = new Date(end.getTime() + PERIOD_MS);
    return {
      startsAt: end.toISOString(),
      endsAt: until.toISOString(),
      extraDays: 0,
      terms: `${pay} You keep ${current.name} until ${dayOf(end)}; ${p.name} then runs 30 days, until ${dayOf(until)}. Nothing is refunded.`,
    };
  }
  if (action !== 'upgrade') return NO_TERMS;
  const live = running(sub, current, now);
  const extra = live
    ? carryDays(end!.getTime() - now.getTime(), current.price_kobo, p.price_kobo)
    : 0;
  const until = new Date(now.getTime() + PERIOD_MS + extra * DAY_MS);
  const carried = live
    ? ` 30 days plus ${dayWord(extra)} for the ${dayWord(daysLeft(end!, now))} left on ${current.name}, which are not lost.`
    : ' 30 days.';
  return {
    startsAt: now.toISOString(),
    endsAt: until.toISOString(),
    extraDays: extra,
    terms: `${pay} ${p.name} starts at once and runs until ${dayOf(until)}:${carried}`,
  };
}

/**
 * The jobs of one paid period, keyed by user and period end: however often a payment is
 * applied or a job retried, one reminder and one end per period.
 */
export async function periodJobs(tx: Db, userId: string, end: Date) {
  const iso = end.toISOString();
  const payload = { userId, periodEnd: iso };
  await enqueue(tx, 'subscriptions.remind', payload, {
    key: `subscriptions.remind:${userId}:${iso}`,
    runAt: new Date(Math.max(Date.now(), end.getTime() - REMIND_BEFORE_MS)),
  });
  await enqueue(tx, 'subscriptions.end', payload, {
    key: `subscriptions.end:${userId}:${iso}`,
    runAt: end,
  });
}

/** Lists show the new placement at once, in every process. */
const clearLists = (app: FastifyInstance, audience: Audience) =>
  audience === 'provider'
    ? app.bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' })
    : Promise.resolve();

export function subscriptionsService(app: FastifyInstance) {
  return {
    /** The caller's plan, its renewal date, what they use, and every plan with what it would do. */
    async status(user: SessionUser): Promise<SubscriptionAnswer> {
      const page = pageOf(user);
      const audience = audienceOf(page);
      const db = app.db;
      const [plans, sub, current] = await Promise.all([
        subscriptionsRepository(db).plans(audience),
        subscriptionsRepository(db).find(user.id),
        planOf(db, user.id, audience),
      ]);
      const next = sub?.next_plan_id ? plans.find((p) => p.id === sub.next_plan_id) : undefined;
      const now = new Date();
      const live = running(sub, current, now);
      const action = (p: PlanRow): PlanItem['action'] => {
        if (p.id === current.id) return live && !next ? 'renew' : 'current';
        if (p.price_kobo === 0 || next) return 'none'; // a paid plan waiting: change after it starts
        if (p.price_kobo > current.price_kobo) return 'upgrade';
        return live && !next ? 'downgrade' : 'none';
      };
      return {
        status: true as const,
        page,
        current: toItem(current, page, 'current'),
        periodEnd: live ? sub!.period_end!.toISOString() : null,
        next: next ? toItem(next, page, 'none') : null,
        used: await subscriptionsRepository(db).used(user.id, page),
        plans: plans.map((p) =>
          toItem(p, page, action(p), termsOf(p, action(p), current, sub, now)),
        ),
        payments: paymentsMode(app),
      };
    },

    /**
     * Starts paying for a plan: a payment of purpose `subscription` at Paystack, whose page the
     * caller is sent to. A dearer plan (or any paid plan from Free) starts when paid, with the days
     * left on a running cheaper plan added (decision 0031); the same plan
     * renews for another period; a cheaper one starts when the running period ends.
     */
    async upgrade(user: SessionUser, code: string): Promise<UpgradeAnswer> {
      const page = pageOf(user);
      const audience = audienceOf(page);
      const plan = await subscriptionsRepository(app.db).planByCode(audience, code);
      if (!plan) throw notFound(`There is no plan named ${code}`);
      const [sub, current] = await Promise.all([
        subscriptionsRepository(app.db).find(user.id),
        planOf(app.db, user.id, audience),
      ]);
      if (plan.price_kobo === 0)
        throw badRequest(
          running(sub, current)
            ? `${plan.name} needs no payment: your plan moves to ${plan.name} by itself on ${dayOf(sub!.period_end!)} unless you renew`
            : `You are on the ${plan.name} plan already`,
        );
      if (sub?.next_plan_id) {
        const next = await subscriptionsRepository(app.db).plan(sub.next_plan_id);
        throw conflict(
          `Your ${next?.name ?? 'next'} plan is paid for and starts on ${dayOf(sub.period_end!)}: change plans after that day`,
        );
      }
      const reference = newReference('SUB');
      await createPayment(app.db, {
        reference,
        purpose: 'subscription',
        purposeId: `${user.id}:${plan.id}:${page}`,
        userId: user.id,
        email: payerEmail(user),
        amountKobo: plan.price_kobo,
      });
      const authorizationUrl = await paymentsService(app).authorize(reference);
      return { status: true as const, authorizationUrl, reference };
    },

    /** Where the payer comes back to after Paystack's page. */
    returnTo: (p: PaymentRow) => pagePath((p.purposeId.split(':')[2] as Page) ?? 'store'),

    /**
     * A subscription payment succeeded (called once per payment, in its transaction): the plan
     * starts, renews or waits for the period's end, the placement follows the plan, the period's
     * reminder and end are queued, and the money goes to the platform's subscriptions account.
     */
    async onPaid(tx: Db, p: PaymentRow) {
      const [userId, planId, page] = p.purposeId.split(':') as [string, string, Page];
      const plan = await subscriptionsRepository(tx).plan(Number(planId));
      if (!plan) throw new Error(`subscription payment ${p.reference}: no plan ${planId}`);
      const free = (await subscriptionsRepository(tx).planByCode(plan.audience, 'free'))!;
      const sub = await subscriptionsRepository(tx).lock(userId, free.id);
      const current = (await subscriptionsRepository(tx).plan(sub.plan_id))!;
      const now = new Date();
      let what: 'started' | 'renewed' | 'scheduled';
      let end: Date;
      let extraDays = 0;
      let carriedFrom: { plan: PlanRow; days: number } | undefined;
      if (running(sub, current, now) && plan.id === current.id) {
        what = 'renewed';
        end = new Date(sub.period_end!.getTime() + PERIOD_MS);
        await subscriptionsRepository(tx).save(userId, {
          planId: plan.id,
          periodEnd: end,
          nextPlanId: sub.next_plan_id,
        });
        await periodJobs(tx, userId, end);
      } else if (running(sub, current, now) && plan.price_kobo < current.price_kobo) {
        what = 'scheduled';
        end = sub.period_end!;
        await subscriptionsRepository(tx).save(userId, {
          planId: current.id,
          periodEnd: end,
          nextPlanId: plan.id,
        });
      } else {
        // A dearer plan (or any paid plan from Free or after a lapse) starts now; the days left on
        // a running cheaper plan become days of this one (decision 0031), under the row's lock.
        what = 'started';
        extraDays = running(sub, current, now)
          ? carryDays(
              sub.period_end!.getTime() - now.getTime(),
              current.price_kobo,
              plan.price_kobo,
            )
          : 0;
        if (extraDays) carriedFrom = { plan: current, days: daysLeft(sub.period_end!, now) };
        end = new Date(now.getTime() + PERIOD_MS + extraDays * DAY_MS);
        await subscriptionsRepository(tx).save(userId, {
          planId: plan.id,
          periodEnd: end,
          nextPlanId: null,
        });
        await subscriptionsRepository(tx).setBoost(userId, plan.audience, plan.rank_boost);
        await periodJobs(tx, userId, end);
      }
      const person = await subscriptionsRepository(tx).person(userId);
      if (person)
        await queueMail(
          tx,
          paidMail(person, plan, what, end, `${publicOrigin(app.config)}${pagePath(page)}`, {
            amountKobo: Number(p.amountKobo),
            carried: carriedFrom && { ...carriedFrom, extraDays },
          }),
        );
      const entries: Entry[] = [
        { account: SUBSCRIPTIONS_ACCOUNT, amountKobo: Number(p.amountKobo) },
      ];
      return { entries, after: () => clearLists(app, plan.audience) };
    },

    /** Job: a few days before a period ends, the subscriber is asked to renew (once per period). */
    async remind(userId: string, periodEnd: string) {
      const sub = await subscriptionsRepository(app.db).find(userId);
      // Renewed (a later end) or already ended: this period's reminder has nothing to say.
      if (!sub?.period_end || sub.period_end.toISOString() !== periodEnd || sub.next_plan_id)
        return;
      const plan = (await subscriptionsRepository(app.db).plan(sub.plan_id))!;
      const free = (await subscriptionsRepository(app.db).planByCode(plan.audience, 'free'))!;
      const person = await subscriptionsRepository(app.db).person(userId);
      const page = PAGE_OF_ROLE[person?.role ?? ''];
      if (!person || !page) return;
      await queueMail(
        app.db,
        reminderMail(
          person,
          plan,
          { name: free.name, limit: limitText(page, free.item_limit), placement: page !== 'store' },
          sub.period_end,
          `${publicOrigin(app.config)}${pagePath(page)}`,
        ),
      );
    },

    /**
     * Job: a period ended. A cheaper plan paid for in advance starts its own period; otherwise the
     * subscriber is back on Free. Placement follows; what they listed stays (the limit only stops
     * adding more).
     */
    async end(userId: string, periodEnd: string) {
      const changed = await transaction(app.db, async (tx) => {
        const found = await subscriptionsRepository(tx).find(userId);
        if (!found?.period_end || found.period_end.toISOString() !== periodEnd) return null;
        const from = (await subscriptionsRepository(tx).plan(found.plan_id))!;
        const free = (await subscriptionsRepository(tx).planByCode(from.audience, 'free'))!;
        const sub = await subscriptionsRepository(tx).lock(userId, free.id);
        if (sub.period_end?.toISOString() !== periodEnd) return null; // renewed meanwhile
        const to = sub.next_plan_id
          ? (await subscriptionsRepository(tx).plan(sub.next_plan_id))!
          : free;
        const end = sub.next_plan_id ? new Date(sub.period_end.getTime() + PERIOD_MS) : null;
        await subscriptionsRepository(tx).save(userId, {
          planId: to.id,
          periodEnd: end,
          nextPlanId: null,
        });
        await subscriptionsRepository(tx).setBoost(userId, to.audience, to.rank_boost);
        if (end) await periodJobs(tx, userId, end);
        const person = await subscriptionsRepository(tx).person(userId);
        const page = PAGE_OF_ROLE[person?.role ?? ''];
        if (person && page)
          await queueMail(
            tx,
            changedMail(person, from, to, end, `${publicOrigin(app.config)}${pagePath(page)}`),
          );
        return to.audience;
      });
      if (changed) await clearLists(app, changed);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
