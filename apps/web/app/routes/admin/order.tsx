import { data, Form, useNavigation } from 'react-router';
import { formatKobo } from '@sf/shared';
import { requireAdmin } from '../../lib/admin.server.ts';
import { loadAdminOrder, orderAction } from '../../lib/admin-orders.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { koboToInput } from '../../lib/seller.ts';
import { when } from '../../lib/dates.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { Field, FormMessage } from '../../components/form-field.tsx';
import { AuditNote, ConfirmCheck, PasswordAgain } from '../../components/admin/ui.tsx';
import type { Route } from './+types/order';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Admin: order ${d?.order.number ?? ''} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [o, trail] = await Promise.all([
    loadAdminOrder(context, params.id!),
    loadAuditTrail(context, 'order', params.id!),
  ]);
  return { ...o, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const r = await orderAction(context, params.id!, await request.formData());
  return data(r, { status: r.status });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const { order: o } = d;
  const done = actionData;
  const busy = useNavigation().state !== 'idle';
  const online = o.paymentMethod === 'paystack' && Boolean(o.paidAt);
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/orders" className="underline">
          Orders
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">Order {o.number}</h1>
      <p className="mt-1 text-gray-700">
        {o.statusLabel} · {o.paymentMethod === 'paystack' ? 'Paystack' : 'Pay on delivery'} ·{' '}
        {formatKobo(o.totalKobo)} · placed {when(o.createdAt)}
      </p>
      <p className="mt-1 break-words text-sm text-gray-700">
        Store {o.store.name} · buyer {o.buyer?.name ?? ''} ({d.buyerEmail}) · {o.money}
      </p>
      {done && !busy && (
        <div className="mt-4">
          <FormMessage type={done.ok ? 'success' : 'error'}>{done.message}</FormMessage>
        </div>
      )}

      <section aria-labelledby="money-h" className="card mt-4 p-4">
        <h2 id="money-h" className="text-lg font-bold">
          Money
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-gray-600">Paid</dt>
            <dd className="font-semibold">{o.paidAt ? formatKobo(o.totalKobo) : 'Not yet'}</dd>
          </div>
          <div>
            <dt className="text-gray-600">In escrow</dt>
            <dd className="font-semibold" data-testid="escrow">
              {formatKobo(d.escrowKobo)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">Refunded</dt>
            <dd className="font-semibold" data-testid="refunded">
              {formatKobo(d.refundedKobo)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">Escrow hold</dt>
            <dd className="font-semibold">
              {d.escrowHeldAt ? `Since ${when(d.escrowHeldAt)}` : 'None'}
            </dd>
          </div>
        </dl>
      </section>

      {online && d.escrowKobo > 0 && (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <section aria-labelledby="refund-h" className="card p-4">
            <h2 id="refund-h" className="text-lg font-bold">
              Refund
            </h2>
            <p className="mt-1 text-sm text-gray-700">
              All or part of what escrow holds goes back to the buyer through Paystack.
            </p>
            <Form method="post" className="mt-2 grid gap-3">
              <input type="hidden" name="intent" value="refund" />
              <input type="hidden" name="requestKey" value={d.requestKey} />
              <Field
                id="amount"
                label={<>Amount in naira (at most {formatKobo(d.escrowKobo)})</>}
                name="amount"
                inputMode="decimal"
                required
                defaultValue={koboToInput(d.escrowKobo)}
              />
              <PasswordAgain id="refund-password" />
              <AuditNote id="refund-note" />
              <ConfirmCheck
                id="refund-confirm"
                text="Send this refund now: it cannot be taken back."
              />
              <button className="btn-primary" disabled={busy}>
                Refund
              </button>
            </Form>
          </section>

          <section aria-labelledby="escrow-h" className="card p-4">
            <h2 id="escrow-h" className="text-lg font-bold">
              Escrow
            </h2>
            <p className="mt-1 text-sm text-gray-700">
              A hold stops the automatic release to the store 7 days after delivery.
            </p>
            <Form method="post" className="mt-2 grid gap-3">
              <input type="hidden" name="intent" value={d.escrowHeldAt ? 'unhold' : 'hold'} />
              <AuditNote id="hold-note" />
              <button className="btn-ghost" disabled={busy}>
                {d.escrowHeldAt ? 'Lift the hold' : 'Hold escrow'}
              </button>
            </Form>
            {o.status === 'delivered' && (
              <Form method="post" className="mt-4 grid gap-3 border-t border-gray-200 pt-4">
                <input type="hidden" name="intent" value="release" />
                <AuditNote id="release-note" />
                <ConfirmCheck
                  id="release-confirm"
                  text={`Release ${formatKobo(d.escrowKobo)} to the store now (less commission).`}
                />
                <button className="btn-ghost" disabled={busy}>
                  Release to the store
                </button>
              </Form>
            )}
          </section>
        </div>
      )}

      {d.refunds.length > 0 && (
        <section aria-labelledby="refunds-h" className="card mt-4 p-4">
          <h2 id="refunds-h" className="text-lg font-bold">
            Refunds
          </h2>
          <ul className="mt-2 divide-y divide-gray-100 text-sm">
            {d.refunds.map((r) => (
              <li key={r.reference} className="flex flex-wrap gap-x-4 py-2">
                <span className="font-semibold">{formatKobo(r.amountKobo)}</span>
                <span>{r.status}</span>
                <span className="break-all text-gray-700">{r.reference}</span>
                <span className="text-gray-600">{when(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="ledger-h" className="card mt-4 p-4">
        <h2 id="ledger-h" className="text-lg font-bold">
          Ledger postings
        </h2>
        {d.postings.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">No money has moved for this order.</p>
        ) : (
          <ol className="mt-2 space-y-3" data-testid="ledger">
            {d.postings.map((p) => (
              <li key={p.id} className="border-l-4 border-gray-200 pl-3">
                <p className="text-sm">
                  <span className="font-semibold">{p.kind}</span> · {p.memo || p.ref} ·{' '}
                  <span className="text-gray-600">{when(p.createdAt)}</span>
                </p>
                <ul className="text-sm">
                  {p.entries.map((e, i) => (
                    <li key={i} className="flex justify-between gap-2">
                      <span className="min-w-0 break-all text-gray-700">{e.account}</span>
                      <span className={e.amountKobo < 0 ? 'text-red-800' : 'text-brand-800'}>
                        {e.amountKobo < 0 ? '−' : '+'}
                        {formatKobo(Math.abs(e.amountKobo))}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="timeline-h" className="card mt-4 p-4">
        <h2 id="timeline-h" className="text-lg font-bold">
          Timeline
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {o.timeline.map((t, i) => (
            <li key={i}>
              {when(t.at)}: {t.from ? `${t.from} → ` : ''}
              {t.to} by {t.by}
              {t.note ? ` (${t.note})` : ''}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="audit-h" className="mt-4">
        <h2 id="audit-h" className="mb-2 text-lg font-bold">
          Staff actions
        </h2>
        <AuditTrail items={d.trail} />
      </section>
    </main>
  );
}
