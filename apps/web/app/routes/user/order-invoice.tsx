import type { Invoice } from '@sf/api/types';
import { throwUnlessOk } from '../../lib/api.server.ts';
import { apiGet } from '../../lib/signed-in.server.ts';
import { idParam } from '../../lib/catalog.server.ts';
import { naira } from '../../components/cart/money.tsx';
import type { Route } from './+types/order-invoice';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Invoice ${data.invoice.number} | SpareFinder NG` : 'Invoice | SpareFinder NG' },
  { name: 'robots', content: 'noindex' },
];

/** /user/orders/:id/invoice: the order's buyer and its store's owner see it; anyone else a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Order');
  const ans = await apiGet(request, context, `/api/orders/${id}/invoice`);
  throwUnlessOk(ans, { what: 'Invoice', missing: 'There is no such order of yours' });
  return { invoice: ans.invoice as Invoice };
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));

/** What the invoice says of the money, in a few words. */
function paymentWords(v: Invoice): string {
  if (v.status === 'cancelled' || v.status === 'refunded')
    return v.refundedKobo > 0 ? `Cancelled, ${naira(v.refundedKobo)} refunded` : 'Cancelled';
  if (v.paid) return v.paymentMethod === 'paystack' ? 'Paid with Paystack' : 'Paid in cash';
  return v.paymentMethod === 'pay_on_delivery' ? 'To pay in cash on delivery' : 'Awaiting payment';
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-gray-800 text-base font-bold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice: v } = loaderData;
  const back = v.viewer === 'seller' ? '/user/store/orders' : `/user/orders#order-${v.id}`;
  const deliver = v.deliverTo
    ? [v.deliverTo.street, v.deliverTo.city, v.deliverTo.state].filter(Boolean).join(', ')
    : null;
  return (
    <main id="main" className="container-page max-w-3xl py-4 print:max-w-none print:p-0">
      <div className="mb-3 flex flex-wrap items-center gap-2 print:hidden">
        <button
          type="button"
          className="btn-primary"
          onClick={() => window.print()}
          data-testid="print-invoice"
        >
          Print
        </button>
        <Link to={back} className="btn-ghost">
          Back to {v.viewer === 'seller' ? 'store orders' : 'my orders'}
        </Link>
        <p className="w-full text-sm text-gray-700">
          To keep a PDF, choose “Save as PDF” as the printer.
        </p>
      </div>

      <article
        className="card p-4 sm:p-6 print:rounded-none print:bg-white print:p-0 print:text-black print:shadow-none"
        aria-labelledby="invoice-title"
        data-testid="invoice"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-300 pb-3">
          <div>
            <p className="text-sm font-bold uppercase tracking-wide text-brand-800 print:text-black">
              SpareFinder NG
            </p>
            <h1 id="invoice-title" className="text-2xl font-extrabold">
              Invoice {v.number}
            </h1>
            <p className="text-sm text-gray-700 print:text-black">Date: {day(v.createdAt)}</p>
          </div>
          <p
            className="rounded-full border-2 border-gray-800 px-3 py-1 text-sm font-bold uppercase"
            data-testid="invoice-payment"
          >
            {paymentWords(v)}
          </p>
        </header>

        <div className="grid gap-4 border-b border-gray-300 py-3 text-sm sm:grid-cols-2">
          <section aria-labelledby="invoice-seller">
            <h2 id="invoice-seller" className="font-bold">
              Sold by
            </h2>
            <p className="font-semibold">{v.seller.name}</p>
            {v.seller.address && <p>{v.seller.address}</p>}
            <p>{[v.seller.city, v.seller.state].filter(Boolean).join(', ')}</p>
            {v.seller.phones.length > 0 && <p>{v.seller.phones.join(', ')}</p>}
          </section>
          <section aria-labelledby="invoice-buyer">
            <h2 id="invoice-buyer" className="font-bold">
              Bought by
            </h2>
            <p className="font-semibold">{v.buyer.name}</p>
            <p>{v.buyer.phone}</p>
            <p>{deliver ? `Deliver to ${deliver}` : 'Pickup at the store'}</p>
          </section>
        </div>

        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Parts of order {v.number}</caption>
          <thead>
            <tr className="border-b border-gray-300 text-left text-gray-700 print:text-black">
              <th scope="col" className="py-1 font-semibold">
                Part
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {v.items.map((i) => (
              <tr key={i.productId} className="border-b border-gray-200 align-top">
                <td className="py-2 pr-2">
                  {i.name}
                  <span className="block text-gray-700 print:text-black">
                    {naira(i.unitPriceKobo)} each
                  </span>
                </td>
                <td className="py-2 text-right tabular-nums">{i.quantity}</td>
                <td className="py-2 text-right tabular-nums">{naira(i.lineTotalKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="ml-auto mt-3 max-w-xs text-sm" aria-label="Totals">
          <Row label="Subtotal" value={naira(v.subtotalKobo)} />
          {v.discountKobo > 0 && <Row label="Discount" value={`-${naira(v.discountKobo)}`} />}
          <Row
            label={v.fulfilment === 'pickup' ? 'Pickup at the store' : 'Delivery'}
            value={naira(v.deliveryFeeKobo)}
          />
          <Row label="Total" value={naira(v.totalKobo)} strong />
          {v.refundedKobo > 0 && <Row label="Refunded" value={`-${naira(v.refundedKobo)}`} />}
        </dl>

        <footer className="mt-4 border-t border-gray-300 pt-3 text-xs text-gray-700 print:text-black">
          <p>
            Payment:{' '}
            {v.paymentMethod === 'paystack'
              ? 'card or transfer through Paystack'
              : 'cash on delivery'}
            {v.paidAt ? `, received ${day(v.paidAt)}` : ''}
            {v.paymentReference ? ` (reference ${v.paymentReference})` : ''}. Order status:{' '}
            {v.statusLabel}.
          </p>
          <p className="mt-1">
            Keep this invoice for returns and warranty claims. SpareFinder NG holds online payments
            until the buyer receives the parts.
          </p>
        </footer>
      </article>
    </main>
  );
}
