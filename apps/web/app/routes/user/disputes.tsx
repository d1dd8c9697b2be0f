import { throwUnlessOk } from '../../lib/api.server.ts';
import { apiGet } from '../../lib/signed-in.server.ts';
import type { DisputeItem } from '../../lib/disputes.ts';
import { when } from '../../lib/dates.ts';
import type { Route } from './+types/disputes';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'My disputes | SpareFinder NG' }];

/** My disputes as a buyer and those against my store. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ans = await apiGet(request, context, '/api/disputes');
  // An outage is an error page, never an empty list that reads as "no disputes".
  throwUnlessOk(ans, { what: 'Disputes' });
  return { items: ans.items };
}

function DisputeRows({ items }: { items: DisputeItem[] }) {
  return (
    <ul className="mt-2 space-y-2">
      {items.map((d) => (
        <li
          key={d.id}
          className={`card p-3 ${d.status !== 'resolved' && d.viewer === 'seller' ? 'border-l-4 border-red-600' : ''}`}
        >
          <Link to={`/user/disputes/${d.id}`} className="font-semibold text-brand-800 underline">
            {d.product_name}
          </Link>
          <p className="text-sm text-gray-700">
            {d.viewer === 'seller' ? `By ${d.buyer_name}` : d.store_name} · {d.reason_label} ·{' '}
            {when(d.created_at)}
          </p>
          <p className="text-sm font-medium">{d.status_label}</p>
        </li>
      ))}
    </ul>
  );
}

export default function Disputes({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  // A store's disputes first, unsettled ones on top: those wait for the seller's answer.
  const store = items
    .filter((d) => d.viewer === 'seller')
    .sort((a, b) => Number(a.status === 'resolved') - Number(b.status === 'resolved'));
  const mine = items.filter((d) => d.viewer !== 'seller');
  return (
    <main id="main" className="container-page max-w-2xl py-5">
      <h1 className="text-2xl font-bold">My disputes</h1>
      {items.length === 0 && (
        <p className="card mt-4 p-4 text-gray-700">
          No disputes. If a part you bought is wrong, fake, damaged or never arrived, open one from
          the part in My orders within 7 days of delivery.
        </p>
      )}
      {store.length > 0 && (
        <section aria-labelledby="store-disputes" className="mt-4">
          <h2 id="store-disputes" className="text-lg font-bold">
            Against your store
          </h2>
          <p className="text-sm text-gray-700">
            Answer within 5 days with a refund or a replacement offer, or SpareFinder staff decide.
          </p>
          <DisputeRows items={store} />
        </section>
      )}
      {mine.length > 0 && (
        <section aria-labelledby={store.length > 0 ? 'my-disputes' : undefined} className="mt-6">
          {store.length > 0 && (
            <h2 id="my-disputes" className="text-lg font-bold">
              Your purchases
            </h2>
          )}
          <DisputeRows items={mine} />
        </section>
      )}
    </main>
  );
}
