import { useRevalidator } from 'react-router';
import { formatKobo } from '@sf/shared';
import { serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { loginUnless } from '../../lib/requests.server.ts';
import { useLive } from '../../lib/live.ts';
import {
  INCOMING_PATH,
  URGENCY_LABEL,
  requestPath,
  requestTitle,
  type IncomingItem,
} from '../../lib/requests.ts';
import type { Route } from './+types/incoming';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Requests near you | SpareFinder NG' }];

/** The open requests that reached my store, workshop or tow van; new ones appear live. */
export async function loader({ context }: Route.LoaderArgs) {
  const ans = await serverApi(context).get<IncomingItem>('/api/requests/incoming');
  loginUnless(ans, INCOMING_PATH);
  throwUnlessOk(ans, { what: 'Requests' });
  return { items: ans.items ?? [] };
}

export function IncomingList({ items }: { items: IncomingItem[] }) {
  const { revalidate } = useRevalidator();
  useLive((e) => {
    if (['request.new', 'request.taken', 'reconnected'].includes(e.type)) void revalidate();
  });
  if (items.length === 0)
    return <p className="mt-2 text-gray-700">No open request matches you right now.</p>;
  return (
    <ul className="mt-2 space-y-2" data-testid="incoming">
      {items.map((r) => (
        <li key={r.id} className="rounded-lg border border-gray-200 p-3">
          <Link to={requestPath(r.id)} className="font-semibold text-brand-700 underline">
            {requestTitle(r)}
          </Link>
          <p className="text-sm text-gray-700">
            {URGENCY_LABEL[r.urgency]} · {r.description.slice(0, 120)}
          </p>
          <p className="text-sm">
            {r.myOffer ? `Your offer: ${formatKobo(r.myOffer.priceKobo)}` : 'No offer from you yet'}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function Incoming({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">Requests near you</h1>
      <p className="mt-1 text-gray-700">
        Customers asking for what you sell or do, near you. Answer with an offer; they compare and
        accept one.
      </p>
      <IncomingList items={items} />
    </main>
  );
}
