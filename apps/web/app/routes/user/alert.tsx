import { notFound, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { loginUnless } from '../../lib/requests.server.ts';
import { ALERTS_PAGE } from '../../lib/alerts.ts';
import { toProductPage } from '../../lib/catalog.ts';
import { ProductGrid } from '../../components/catalog/product-list.tsx';
import type { Route } from './+types/alert';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.item.label ?? 'Alert'} | SpareFinder NG` },
  { name: 'robots', content: 'noindex' },
];

/** One saved search with the parts it found, newest first (the link of a grouped notice). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = params.id ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such alert');
  const ans = await serverApi(context).get(`/api/alerts/${id}`);
  loginUnless(ans, `${ALERTS_PAGE}/${id}`);
  throwUnlessOk(ans, { what: 'Alert', invalidIsMissing: true });
  return { item: ans.item, page: toProductPage({ status: true, items: ans.items }) };
}

export default function AlertMatches({ loaderData }: Route.ComponentProps) {
  const { item, page } = loaderData;
  return (
    <main id="main" className="container-page py-6">
      <p className="text-sm">
        <Link to={ALERTS_PAGE} className="text-brand-700 underline">
          Saved searches &amp; alerts
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">{item.label}</h1>
      <p className="mt-1 text-gray-700">
        {page.items.length === 0
          ? 'No part found yet (or the parts found are no longer on sale).'
          : `The parts this ${item.kind === 'search' ? 'search' : 'alert'} found, newest first.`}{' '}
        <Link to={item.link} className="font-semibold text-brand-700 underline">
          {item.kind === 'search' ? 'See every part that matches' : 'Open the part'}
        </Link>
      </p>
      {page.items.length > 0 && (
        <div className="mt-4">
          <ProductGrid items={page.items} />
        </div>
      )}
    </main>
  );
}
