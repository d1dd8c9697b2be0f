import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { apiGet } from '../../lib/shop.server.ts';
import type { DisputeList } from '../../lib/disputes.ts';
import { when } from '../../lib/shop.ts';

export const meta: MetaFunction = () => [{ title: 'My disputes | SpareFinder NG' }];

/** My disputes as a buyer and those against my store. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ans = await apiGet(request, context, '/api/disputes');
  return { items: ans.status ? (ans as unknown as DisputeList).items : [] };
}

export default function Disputes() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container-page max-w-2xl py-5">
      <h1 className="text-2xl font-bold">My disputes</h1>
      {items.length === 0 ? (
        <p className="card mt-4 p-4 text-gray-700">
          No disputes. If a part you bought is wrong, fake, damaged or never arrived, open one from
          the part in My orders within 7 days of delivery.
        </p>
      ) : (
        <ul className="mt-4 space-y-2">
          {items.map((d) => (
            <li key={d.id} className="card p-3">
              <Link
                to={`/user/disputes/${d.id}`}
                className="font-semibold text-brand-800 underline"
              >
                {d.product_name}
              </Link>
              <p className="text-sm text-gray-700">
                {d.viewer === 'seller' ? `Against your store, by ${d.buyer_name}` : d.store_name} ·{' '}
                {d.reason_label} · {when(d.created_at)}
              </p>
              <p className="text-sm font-medium">{d.status_label}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
