import type { ReactNode } from 'react';
import { when } from '../../lib/dates.ts';
import type { OrderView } from '../../lib/orders.ts';
import { buyerMoney, sellerMoney } from '../../lib/order-money.ts';
import { MoneyRow, naira } from './money.tsx';
import { AlertIcon, ChevronDown } from '../icons.tsx';
import { Link } from '../link.tsx';

const TONE: Record<string, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-900',
  pay_on_delivery: 'bg-sky-100 text-sky-900',
  processing: 'bg-sky-100 text-sky-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-brand-100 text-brand-900',
  completed: 'bg-brand-700 text-white',
  cancelled: 'bg-gray-200 text-gray-800',
  refunded: 'bg-gray-200 text-gray-800',
};

const STEP: Record<string, string> = {
  pending_payment: 'Placed, awaiting payment',
  paid: 'Paid',
  pay_on_delivery: 'Placed, to be paid on delivery',
  // Who moved it is said after the step ('by the store', 'by SpareFinder staff'): never twice.
  processing: 'Accepted',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Received',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
const BY: Record<string, string> = {
  buyer: 'by the buyer',
  seller: 'by the store',
  system: 'automatically',
  admin: 'by SpareFinder staff',
};

const REFUND_WHY: Record<OrderView['refunds'][number]['reason'], string> = {
  cancelled: 'Refund, order cancelled',
  staff: 'Refund by SpareFinder',
  dispute: 'Refund, dispute',
};
const REFUND_STATE: Record<OrderView['refunds'][number]['state'], string> = {
  on_its_way: 'on its way',
  refunded: 'refunded',
  failed: 'did not go through',
};
const REFUND_TONE: Record<OrderView['refunds'][number]['state'], string> = {
  on_its_way: 'font-medium text-amber-800',
  refunded: 'font-medium text-brand-800',
  failed: 'font-medium text-red-800',
};

type Moment =
  | ({ kind: 'move' } & OrderView['timeline'][number])
  | { kind: 'refund'; at: string; label: string; state: OrderView['refunds'][number]['state'] };

/** The order's moves and its refunds in time order: a refund shows when asked and when settled. */
function timeline(o: OrderView): Moment[] {
  const out: Moment[] = o.timeline.map((e) => ({ kind: 'move' as const, ...e }));
  for (const r of o.refunds) {
    const asked = r.state === 'on_its_way' ? r.label : `Refund of ${naira(r.amountKobo)} started`;
    out.push({ kind: 'refund', at: r.at, label: asked, state: 'on_its_way' });
    if (r.settledAt) out.push({ kind: 'refund', at: r.settledAt, label: r.label, state: r.state });
  }
  return out.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}

export function OrderCard({
  o,
  viewer,
  open,
  actions,
  highlight,
}: {
  o: OrderView;
  viewer: 'buyer' | 'seller';
  open?: boolean;
  actions?: ReactNode;
  highlight?: boolean;
}) {
  const money = viewer === 'buyer' ? buyerMoney(o) : sellerMoney(o);
  return (
    <article
      className={`card space-y-3 p-4 ${highlight ? 'ring-2 ring-brand-600' : ''}`}
      aria-labelledby={`order-${o.id}`}
      data-testid="order"
      data-order-status={o.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`order-${o.id}`} className="text-base font-bold">
            Order {o.number}
          </h2>
          <p className="text-sm text-gray-700">
            {viewer === 'buyer' ? (
              <>
                From{' '}
                {o.store.url ? (
                  <Link to={o.store.url} className="underline">
                    {o.store.name}
                  </Link>
                ) : (
                  o.store.name
                )}
              </>
            ) : (
              <>
                For {o.buyer?.name ?? 'a buyer'}
                {o.buyer?.phone ? (
                  <>
                    {' '}
                    ·{' '}
                    <a href={`tel:${o.buyer.phone}`} className="underline">
                      {o.buyer.phone}
                    </a>
                  </>
                ) : null}
              </>
            )}{' '}
            · {when(o.createdAt)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-bold uppercase tracking-wide ${TONE[o.status] ?? 'bg-gray-200'}`}
          data-testid="order-status"
        >
          {o.statusLabel}
        </span>
      </header>

      {o.disputes.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Disputes of this order">
          {o.disputes.map((d) => (
            <li key={d.id}>
              <Link
                to={d.url}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold underline ${
                  d.open ? 'bg-red-100 text-red-900' : 'bg-gray-100 text-gray-800'
                }`}
                data-testid="dispute-badge"
              >
                {d.open && <AlertIcon size={16} />}
                {d.label}
                {o.items.length > 1 &&
                  `: ${o.items.find((i) => i.productId === d.productId)?.name ?? ''}`}
              </Link>
            </li>
          ))}
        </ul>
      )}

      <p
        className="rounded-[var(--radius-card)] bg-gray-50 px-3 py-2 text-sm font-semibold text-gray-900"
        data-testid="money-state"
      >
        {money}
        {o.status === 'pending_payment' && o.holdUntil && (
          <span className="block font-normal text-gray-700">
            Pay by {when(o.holdUntil)}, or the order is cancelled and the parts go back on sale.
          </span>
        )}
      </p>

      <ul className="space-y-1 text-sm">
        {o.items.map((i) => (
          <li key={i.productId} className="flex justify-between gap-3">
            <span>
              {i.quantity} ×{' '}
              <Link to={i.url} className="underline">
                {i.name}
              </Link>{' '}
              <span className="text-gray-600">at {naira(i.unitPriceKobo)}</span>
            </span>
            <span className="tabular-nums">{naira(i.lineTotalKobo)}</span>
          </li>
        ))}
      </ul>

      <details open={open} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 font-semibold text-brand-800">
          Receipt and timeline
          <ChevronDown size={18} className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="grid gap-4 pt-2 sm:grid-cols-2">
          <div className="text-sm">
            <dl aria-label="Receipt">
              <MoneyRow label="Parts" kobo={o.subtotalKobo} />
              {o.discountKobo > 0 && (
                <MoneyRow label="Coupon discount" kobo={o.discountKobo} negative />
              )}
              <MoneyRow
                label={o.fulfilment === 'pickup' ? 'Delivery (pickup: free)' : 'Delivery fee'}
                kobo={o.deliveryFeeKobo}
              />
              <MoneyRow
                label={
                  o.paymentMethod === 'pay_on_delivery'
                    ? 'Total, cash on delivery'
                    : o.paidAt
                      ? 'Total paid with Paystack'
                      : 'Total to pay'
                }
                kobo={o.totalKobo}
                strong
              />
              {o.refunds.map((r) => (
                <MoneyRow
                  key={r.reference}
                  label={
                    <>
                      {REFUND_WHY[r.reason]}:{' '}
                      <span className={REFUND_TONE[r.state]} data-testid="refund-state">
                        {REFUND_STATE[r.state]}
                      </span>
                    </>
                  }
                  kobo={r.amountKobo}
                  negative
                  testId="refund-amount"
                />
              ))}
              {viewer === 'seller' && o.commissionKobo !== undefined && (
                <>
                  <MoneyRow label="SpareFinder commission" kobo={o.commissionKobo} negative />
                  {o.storeReceivesKobo !== undefined && (
                    <MoneyRow label="Your store receives" kobo={o.storeReceivesKobo} strong />
                  )}
                </>
              )}
            </dl>
            <p className="mt-2 text-gray-700">
              {o.fulfilment === 'pickup'
                ? 'Pickup at the store'
                : `Deliver to ${[o.address?.street, o.address?.city, o.address?.state].filter(Boolean).join(', ')}`}
              {' · '}
              {o.phone}
            </p>
            {o.payment && (
              <p className="text-gray-700">
                Paystack reference <span className="font-mono">{o.payment.reference}</span>
              </p>
            )}
            <p className="mt-1">
              <Link
                to={`/user/orders/${o.id}/invoice`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
              >
                Invoice {o.number} (print or save as PDF)
              </Link>
            </p>
          </div>
          <ol className="space-y-2 border-l-2 border-brand-200 pl-4 text-sm" aria-label="Timeline">
            {timeline(o).map((e, n) =>
              e.kind === 'move' ? (
                <li key={n} className="relative">
                  <span className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-600" />
                  <span className="font-semibold text-gray-900">{STEP[e.to] ?? e.to}</span>{' '}
                  <span className="text-gray-700">
                    {e.to !== 'pending_payment' && e.to !== 'pay_on_delivery'
                      ? `${BY[e.by] ?? ''} `
                      : ''}
                    · {when(e.at)}
                  </span>
                  {e.note && e.note !== 'Order placed' && (
                    <span className="block text-gray-700">“{e.note}”</span>
                  )}
                </li>
              ) : (
                <li key={n} className="relative" data-testid="timeline-refund">
                  <span
                    className={`absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full ${e.state === 'failed' ? 'bg-red-600' : e.state === 'refunded' ? 'bg-brand-600' : 'bg-amber-500'}`}
                  />
                  <span className="font-semibold text-gray-900">{e.label}</span>{' '}
                  <span className="text-gray-700">· {when(e.at)}</span>
                </li>
              ),
            )}
          </ol>
        </div>
      </details>
      {o.shippingNote && (
        <p className="text-sm">
          <span className="font-semibold">Shipping note:</span> {o.shippingNote}
        </p>
      )}
      {o.cancelReason && (
        <p className="text-sm">
          <span className="font-semibold">Why it was cancelled:</span> {o.cancelReason}
        </p>
      )}
      {actions}
    </article>
  );
}
