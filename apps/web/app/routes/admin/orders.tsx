import { Form } from 'react-router';
import { formatKobo } from '@sf/shared';
import { requireAdmin } from '../../lib/admin.server.ts';
import { findOrders } from '../../lib/admin-orders.server.ts';
import type { Route } from './+types/orders';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: orders | SpareFinder NG' }];

const STATES = [
  'pending_payment',
  'paid',
  'pay_on_delivery',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const s = url.searchParams.get('status') ?? '';
  const status = STATES.includes(s) ? s : '';
  const lastId = /^\d{1,9}$/.test(url.searchParams.get('lastId') ?? '')
    ? url.searchParams.get('lastId')!
    : '';
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (lastId) params.set('lastId', lastId);
  return { q, status, ...(await findOrders(context, params)) };
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos' });

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { q, status, items, lastId } = loaderData;
  const next = new URLSearchParams();
  if (q) next.set('q', q);
  if (status) next.set('status', status);
  if (lastId) next.set('lastId', String(lastId));
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Orders</h1>
      <p className="mt-1 text-gray-700">
        Find any order by its number (SF-…), the buyer&apos;s e-mail or the Paystack reference; open
        it to see its ledger, refund it or hold its escrow.
      </p>
      <Form method="get" className="card mt-4 grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto]">
        <Field
          name="q"
          id="q"
          label="Order number, e-mail or payment reference"
          defaultValue={q}
          maxLength={100}
        />
        <SelectBoxField id="status" label="State" name="status" defaultValue={status}>
          <option value="">Any state</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectBoxField>
        <button className="btn-primary self-end">Find</button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-4 text-gray-700">No order matches.</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {items.map((o) => (
            <li key={o.id} className="card flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
              <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline">
                {o.number}
              </Link>
              <span className="text-sm">{o.status.replace(/_/g, ' ')}</span>
              <span className="text-sm font-semibold">{formatKobo(o.totalKobo)}</span>
              <span className="text-sm text-gray-700">
                {o.paymentMethod === 'paystack' ? 'Paystack' : 'Pay on delivery'}
              </span>
              {o.escrowHeldAt && (
                <span className="rounded bg-amber-100 px-2 text-sm font-semibold text-amber-900">
                  Escrow held
                </span>
              )}
              <span className="min-w-0 break-all text-sm text-gray-700">
                {o.storeName} · {o.buyerEmail}
              </span>
              <span className="text-sm text-gray-600">{day(o.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {lastId && (
        <p className="mt-4">
          <Link to={`/admin/orders?${next}`} className="btn-ghost">
            Older orders
          </Link>
        </p>
      )}
    </main>
  );
}
