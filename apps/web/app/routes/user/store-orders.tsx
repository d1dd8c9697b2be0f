import { data, Form, useNavigation } from 'react-router';
import type { StoreBalance } from '@sf/api/types';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { requireUser } from '../../lib/auth.server.ts';
import { apiGet, backTo, signedIn } from '../../lib/signed-in.server.ts';
import { intField } from '../../lib/form-values.ts';
import { when } from '../../lib/dates.ts';
import type { OrderView, PaymentsMode } from '../../lib/orders.ts';
import { payoutsHeldBecause } from '../../lib/order-money.ts';
import { OrderCard } from '../../components/cart/order-card.tsx';
import { naira, TestPaymentNote } from '../../components/cart/money.tsx';
import { BankAccountForm } from '../../components/seller/store-form.tsx';
import { bankAccountAction } from '../../lib/bank-account.server.ts';
import { payoutStatusText, type BankAnswer } from '../../lib/seller.ts';
import { plural } from '@sf/shared';
import type { Route } from './+types/store-orders';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Store orders | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, ['Seller', 'Admin']);
  const [list, balance] = await Promise.all([
    apiGet(request, context, '/api/store/orders'),
    apiGet(request, context, '/api/store/balance'),
  ]);
  return {
    orders: list.status ? list.items : [],
    error: list.status ? null : (list.message ?? 'The orders could not be loaded'),
    mode: list.status ? list.payments : ('off' as const),
    balance: balance.status ? balance : null,
  };
}

const PATHS: Record<string, string> = {
  accept: 'accept',
  ship: 'ship',
  deliver: 'deliver',
  cancel: 'cancel',
  mark_paid: 'mark-paid',
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = serverApi(context);
  const text = (k: string) => String(form.get(k) ?? '').trim();
  let ans;
  if (intent === 'payout') {
    const amount = Number(text('amount').replace(/[₦,\s]/g, ''));
    if (!Number.isFinite(amount) || amount <= 0)
      return data(
        { ok: false, orderId: null, message: 'Enter the amount to withdraw in naira' },
        { status: 400 },
      );
    ans = await api.post('/api/store/payouts', { amountKobo: Math.round(amount * 100) });
  } else if (intent === 'bank' || intent === 'bank-check') {
    return bankAccountAction(request, context, form, '/user/store/orders');
  } else {
    const id = intField(form.get('orderId'));
    const path = PATHS[intent];
    if (!id || !path)
      return data({ ok: false, orderId: null, message: 'Unknown request' }, { status: 400 });
    const body =
      intent === 'ship'
        ? { note: text('note') }
        : intent === 'cancel'
          ? { reason: text('reason') }
          : undefined;
    ans = await api.post(`/api/store/orders/${id}/${path}`, body);
    signedIn(request, ans);
    if (!ans.status)
      return data(
        { ok: false, orderId: id, message: ans.message ?? 'The order could not be changed' },
        { status: formStatus(ans) },
      );
    return backTo(request, '/user/store/orders');
  }
  signedIn(request, ans);
  if (!ans.status)
    return data(
      {
        ok: false,
        orderId: null,
        message: ans.message ?? 'That did not work',
      },
      { status: formStatus(ans) },
    );
  return backTo(request, '/user/store/orders');
}

function SellerActions({ o, busy }: { o: OrderView; busy: boolean }) {
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={o.id} />
    </>
  );
  return (
    <div className="flex flex-wrap items-start gap-2">
      {o.actions.includes('accept') && (
        <Form method="post">
          {hidden('accept')}
          <button type="submit" className="btn-primary" disabled={busy} data-testid="accept">
            Accept order
          </button>
        </Form>
      )}
      {o.actions.includes('ship') && (
        <Form method="post" className="w-full space-y-2">
          {hidden('ship')}
          <label htmlFor={`note-${o.id}`} className="label">
            Note for the buyer (carrier, tracking, when it arrives)
          </label>
          <input
            id={`note-${o.id}`}
            name="note"
            className="input"
            maxLength={500}
            placeholder="GIG Logistics, waybill 12345, arrives Thursday"
          />
          <button type="submit" className="btn-primary" disabled={busy} data-testid="ship">
            Mark shipped
          </button>
        </Form>
      )}
      {o.actions.includes('deliver') && (
        <Form method="post">
          {hidden('deliver')}
          <button type="submit" className="btn-primary" disabled={busy} data-testid="deliver">
            Mark delivered
          </button>
        </Form>
      )}
      {o.actions.includes('mark_paid') && (
        <Form method="post">
          {hidden('mark_paid')}
          <button type="submit" className="btn-accent" disabled={busy} data-testid="mark-paid">
            Cash received ({naira(o.totalKobo)})
          </button>
        </Form>
      )}
      {o.actions.includes('cancel') && (
        <details className="w-full">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-red-800 underline">
            Cancel this order
          </summary>
          <Form method="post" className="mt-2 space-y-2">
            {hidden('cancel')}
            <label htmlFor={`reason-${o.id}`} className="label">
              Why (the buyer reads it)
            </label>
            <input
              id={`reason-${o.id}`}
              name="reason"
              className="input"
              required
              minLength={3}
              maxLength={500}
            />
            <button type="submit" className="btn-ghost" disabled={busy}>
              {o.paidAt && o.paymentMethod === 'paystack'
                ? 'Cancel and refund the buyer'
                : 'Cancel the order'}
            </button>
          </Form>
        </details>
      )}
    </div>
  );
}

function Money({
  b,
  mode,
  busy,
  bank,
}: {
  b: StoreBalance;
  mode: PaymentsMode;
  busy: boolean;
  bank: BankAnswer | null;
}) {
  return (
    <section className="card space-y-3 p-4" aria-labelledby="money-heading">
      <h2 id="money-heading" className="text-lg font-bold">
        Your store's money
      </h2>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div className="rounded-[var(--radius-card)] bg-brand-50 p-3">
          <dt className="text-brand-900">Balance you can withdraw</dt>
          <dd className="text-xl font-bold tabular-nums text-brand-900" data-testid="store-balance">
            {naira(b.balanceKobo)}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-gray-50 p-3">
          <dt className="text-gray-700">Held in escrow (paid, awaiting delivery)</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="store-escrow">
            {naira(b.escrowKobo)}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] bg-gray-50 p-3">
          <dt className="text-gray-700">Paid out to your bank</dt>
          <dd className="text-xl font-bold tabular-nums">{naira(b.paidOutKobo)}</dd>
        </div>
      </dl>
      {b.commissionDueKobo > 0 && (
        <p className="text-sm text-gray-700" data-testid="store-commission-due">
          Commission owed on cash orders: <strong>{naira(b.commissionDueKobo)}</strong>. It comes
          out of the next payments released to your balance; nothing else changes.
        </p>
      )}
      {mode === 'test' && <TestPaymentNote>Payouts go to Paystack's test server.</TestPaymentNote>}
      {b.payoutsHeldUntil && (
        <p className="text-sm font-medium text-amber-900" data-testid="payouts-held">
          {payoutsHeldBecause(b.payoutsHoldReason)}: payouts resume on {when(b.payoutsHeldUntil)}.
        </p>
      )}
      {b.bankAccount && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="payout" />
          <label htmlFor="payout-amount" className="label">
            Amount to withdraw, in naira (at least {naira(b.minPayoutKobo)})
          </label>
          <div className="flex gap-2">
            <input
              id="payout-amount"
              name="amount"
              inputMode="decimal"
              className="input"
              placeholder={String(Math.floor(b.balanceKobo / 100))}
            />
            <button
              type="submit"
              className="btn-primary shrink-0"
              disabled={busy || b.balanceKobo < b.minPayoutKobo || !!b.payoutsHeldUntil}
            >
              Withdraw
            </button>
          </div>
        </Form>
      )}
      <BankAccountForm current={b.bankAccount} busy={busy} answer={bank} />
      {b.payouts.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Payouts">
          {b.payouts.slice(0, 5).map((p) => (
            <li key={p.id} className="flex justify-between gap-2">
              <span>
                Payout {when(p.createdAt)}: {payoutStatusText(p)}
                {p.failureReason && p.status === 'failed' ? ` (${p.failureReason})` : ''}
              </span>
              <span className="tabular-nums">{naira(p.amountKobo)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const isBank = (a: object): a is BankAnswer => 'intent' in a;

export default function StoreOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, error, mode, balance } = loaderData;
  const answer = actionData;
  const busy = useNavigation().state !== 'idle';
  const toShip = orders.filter((o) =>
    ['paid', 'pay_on_delivery', 'processing'].includes(o.status),
  ).length;
  return (
    <main id="main" className="container-page max-w-3xl space-y-4 py-5">
      <div>
        <h1 className="text-2xl font-bold">Store orders</h1>
        <p className="text-sm text-gray-700" data-testid="to-ship">
          {toShip === 0
            ? 'Nothing waiting for you to ship.'
            : `${plural(toShip, 'order')} to accept or ship.`}
        </p>
      </div>
      {answer && !answer.ok && !isBank(answer) && !answer.orderId && (
        <p
          role="alert"
          className="rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {answer.message}
        </p>
      )}
      {balance && (
        <Money
          b={balance}
          mode={mode}
          busy={busy}
          bank={answer && isBank(answer) ? answer : null}
        />
      )}
      {error && (
        <div className="card p-6 text-center">
          <p className="font-medium text-red-800">{error}</p>
          <Link to="/user/store/orders" className="btn-ghost mt-3">
            Try again
          </Link>
        </div>
      )}
      {!error && orders.length === 0 && (
        <div className="card p-6 text-center">
          <h2 className="text-lg font-semibold">No orders yet</h2>
          <p className="mt-2 text-gray-700">
            Orders for your parts appear here. Keep your stock and prices up to date to get more.
          </p>
        </div>
      )}
      {orders.map((o) => (
        <OrderCard
          key={o.id}
          o={o}
          viewer="seller"
          actions={
            <>
              <SellerActions o={o} busy={busy} />
              {answer && !isBank(answer) && !answer.ok && answer.orderId === o.id && (
                <p role="alert" className="text-sm font-medium text-red-800">
                  {answer.message}
                </p>
              )}
            </>
          }
        />
      ))}
    </main>
  );
}
