import { naira } from '../cart/money.tsx';
import { when } from '../../lib/dates.ts';
import type { DisputeItem, DisputeMessage } from '../../lib/disputes.ts';
import { orderNumber } from '@sf/shared';
import { Photo } from '../photo.tsx';

/** The dispute's facts: part, reason, where it stands, the money. */
export function DisputeSummary({ d }: { d: DisputeItem }) {
  return (
    <div className="card space-y-1 p-4 text-sm">
      <p className="text-base font-semibold">{d.product_name}</p>
      <p>
        {d.reason_label} · order {orderNumber(d.order_id)} from {d.store_name} · buyer{' '}
        {d.buyer_name}
      </p>
      <p>
        Part {naira(d.line_total_kobo)} · order total {naira(d.order_total_kobo)} ·{' '}
        {d.payment_method === 'paystack' ? 'paid online (held by SpareFinder)' : 'pay on delivery'}
      </p>
      <p
        className={`font-semibold ${d.status === 'resolved' ? 'text-brand-800' : 'text-amber-800'}`}
        data-testid="dispute-status"
      >
        {d.status_label}
      </p>
      {d.status !== 'resolved' && (
        <p className="text-gray-700">
          Staff decide from {when(d.escalate_at)} if it is not settled.
        </p>
      )}
    </div>
  );
}

/** The thread: each side's words and photos, staff's, and SpareFinder's own lines for every step. */
export function DisputeThread({ messages }: { messages: DisputeMessage[] }) {
  return (
    <ol className="space-y-2" data-testid="dispute-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-lg p-3 text-sm ${m.author === 'system' ? 'bg-gray-100' : m.author === 'admin' ? 'bg-amber-50' : m.author === 'seller' ? 'bg-white' : 'bg-brand-50'}`}
        >
          <p className="text-xs font-semibold text-gray-700">
            {m.author_name}
            {m.author === 'buyer' ? ' (buyer)' : m.author === 'seller' ? ' (store)' : ''} ·{' '}
            {when(m.created_at)}
          </p>
          {m.photo ? (
            <Photo
              src={m.photo.src}
              style={{ maxWidth: 320 }}
              srcSet={m.photo.srcset}
              sizes="(min-width: 640px) 320px, 80vw"
              alt={`Photo from the ${m.author}`}
              width={320}
              height={240}
              className="mt-1 rounded-lg"
              loading="lazy"
            />
          ) : (
            <p className="mt-0.5 whitespace-pre-line">{m.body}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
