import { Form, useNavigation } from 'react-router';
import type { PlanItem } from '@sf/api/types';
import { naira, TestPaymentNote } from '../../components/cart/money.tsx';
import { loadSubscription, payForPlan } from '../../lib/subscriptions.server.ts';
import type { Route } from './+types/subscriptions';

export const meta: Route.MetaFunction = () => [{ title: 'Subscription | SpareFinder NG' }];

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadSubscription(request, context);

export const action = ({ request, context }: Route.ActionArgs) => payForPlan(request, context);

const NOUN = { store: 'store', workshop: 'workshop', garage: 'garage' } as const;

/**
 * What a plan's placement buys, honestly: lists put places nearer the buyer first, and a paid
 * provider plan orders within each of those areas (marked Promoted). Parts lists ignore plans.
 */
function placement(page: 'store' | 'workshop' | 'garage', p: PlanItem, plans: PlanItem[]) {
  if (page === 'store') return null;
  const noun = NOUN[page];
  if (p.rankBoost === 0) return `Listed by distance from the buyer, after promoted ${noun}s nearby`;
  const below = plans
    .filter((o) => o.rankBoost < p.rankBoost)
    .sort((a, b) => b.rankBoost - a.rankBoost)
    .map((o) => o.name);
  return `Marked Promoted and shown before ${below.join(' and ')} ${noun}s in the same area`;
}

const count = (n: number) => n.toLocaleString('en-NG');

const RESULT: Record<string, [string, boolean]> = {
  success: ['Payment received: your plan is updated.', true],
  failed: ['The payment was declined. Nothing changed; you can try again.', false],
  abandoned: ['The payment was not completed. Nothing changed; you can try again.', false],
  pending: ['We are waiting for Paystack to confirm your payment. Refresh in a minute.', false],
};

function PlanButton({ p, until, busy }: { p: PlanItem; until: string | null; busy: boolean }) {
  const button = <PlanForm p={p} until={until} busy={busy} />;
  return p.terms ? (
    <>
      <p className="text-sm text-gray-900" data-testid={`plan-${p.code}-terms`}>
        {p.terms}
      </p>
      {button}
    </>
  ) : (
    button
  );
}

function PlanForm({ p, until, busy }: { p: PlanItem; until: string | null; busy: boolean }) {
  const label =
    p.action === 'upgrade'
      ? `Upgrade to ${p.name}`
      : p.action === 'renew'
        ? `Renew ${p.name} for another month`
        : p.action === 'downgrade'
          ? `Pay for ${p.name}, starting ${until}`
          : null;
  if (!label)
    return p.action === 'current' ? (
      <p className="text-sm font-semibold text-brand-900">Your plan</p>
    ) : p.priceKobo === 0 ? (
      <p className="text-sm text-gray-700">Yours again when a paid month ends without renewal</p>
    ) : null;
  return (
    <Form method="post">
      <input type="hidden" name="plan" value={p.code} />
      <button
        type="submit"
        className={p.action === 'downgrade' ? 'btn-ghost w-full' : 'btn-primary w-full'}
        disabled={busy}
        data-testid={`plan-${p.code}-pay`}
      >
        {label}
      </button>
    </Form>
  );
}

export default function SubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sub, periodEndDay, payment } = loaderData;
  const answer = actionData;
  const busy = useNavigation().state !== 'idle';
  const result = payment ? RESULT[payment] : undefined;
  const page = sub.page;
  return (
    <main id="main" className="container-page max-w-3xl space-y-4 py-5">
      <h1 className="text-2xl font-bold">Subscription</h1>
      {result && (
        <p
          role="status"
          data-testid="payment-result"
          className={`rounded-[var(--radius-card)] border-l-4 p-3 text-sm font-medium ${
            result[1]
              ? 'border-green-700 bg-green-50 text-green-900'
              : 'border-amber-600 bg-amber-50 text-amber-900'
          }`}
        >
          {result[0]}
        </p>
      )}
      {answer?.message && (
        <p
          role="alert"
          className="rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {answer.message}
        </p>
      )}
      <section className="card space-y-2 p-4" aria-labelledby="current-heading">
        <h2 id="current-heading" className="text-lg font-bold">
          Your plan: <span data-testid="current-plan">{sub.current.name}</span>
        </h2>
        <p className="text-sm text-gray-800" data-testid="current-usage">
          {page === 'store'
            ? `Your store has ${count(sub.used)} of ${count(sub.current.itemLimit)} products allowed.`
            : `${sub.used > 0 ? `Your ${NOUN[page]} is listed.` : `Your ${NOUN[page]} is not listed yet.`} Every plan covers one ${NOUN[page]} per account.`}
        </p>
        {periodEndDay ? (
          <p className="text-sm text-gray-800" data-testid="renewal-date">
            Paid until <strong>{periodEndDay}</strong>.{' '}
            {sub.next
              ? `Your ${sub.next.name} plan, already paid, starts that day.`
              : 'Renew before then to keep it; otherwise you move to Free that day. Nothing you listed is removed.'}
          </p>
        ) : (
          <p className="text-sm text-gray-800">Free plans need no payment and never end.</p>
        )}
      </section>
      {sub.payments === 'test' && <TestPaymentNote />}
      {sub.payments === 'off' && (
        <p className="text-sm text-gray-800">Online payments are not available right now.</p>
      )}
      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-lg font-bold">
          Plans
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {sub.plans.map((p) => (
            <li
              key={p.code}
              className={`card flex flex-col gap-2 p-4 ${p.action === 'current' || p.action === 'renew' ? 'ring-2 ring-brand-700' : ''}`}
              data-testid={`plan-${p.code}`}
            >
              <h3 className="text-lg font-bold">{p.name}</h3>
              <p className="text-xl font-bold tabular-nums">
                {naira(p.priceKobo)}
                <span className="text-sm font-normal"> a month</span>
              </p>
              <ul className="flex-1 list-disc space-y-1 pl-5 text-sm text-gray-800">
                <li>{page === 'store' ? `Up to ${p.limitText}` : `${p.limitText} listing`}</li>
                {placement(page, p, sub.plans) && <li>{placement(page, p, sub.plans)}</li>}
              </ul>
              <PlanButton p={p} until={periodEndDay} busy={busy} />
            </li>
          ))}
        </ul>
        <p className="text-sm text-gray-700" data-testid="plan-rules">
          A month is 30 days from the payment. A dearer plan starts as soon as it is paid, and the
          days left on your cheaper plan are not lost: they become days of the dearer plan at the
          two prices, rounded up to a whole day. A cheaper plan starts when your paid month ends;
          nothing is refunded. We e-mail you 3 days before a month ends.
        </p>
        <p className="text-sm text-gray-700" data-testid="placement-rule">
          {page === 'store'
            ? "Plans do not change where your parts appear: parts lists are ordered by fit to the buyer's car, their search words and distance from them."
            : `Buyers see ${NOUN[page]}s nearest them first: their city, their state, the bordering states, then the rest of Nigeria. Within each of those areas Premium comes first, then Basic, then Free, verified ones first within each. A paid plan never puts you above a ${NOUN[page]} nearer the buyer, and lists mark it Promoted.`}
        </p>
      </section>
    </main>
  );
}
