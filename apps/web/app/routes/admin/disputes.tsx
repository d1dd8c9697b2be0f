import { requireAdmin } from '../../lib/admin.server.ts';
import { serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { when } from '../../lib/dates.ts';
import type { Route } from './+types/disputes';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: disputes | SpareFinder NG' }];

const FILTERS = [
  { value: 'waiting', label: 'To decide (over 5 days)' },
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('status');
  const status = FILTERS.some((f) => f.value === q) ? q! : 'open';
  const ans = await serverApi(context).get(`/api/admin/disputes?status=${status}`);
  throwUnlessOk(ans, { what: 'Disputes' });
  return { status, items: ans.items };
}

export default function AdminDisputes({ loaderData }: Route.ComponentProps) {
  const { status, items } = loaderData;
  return (
    <main id="main" className="space-y-4">
      <h1 className="text-2xl font-bold">Disputes</h1>
      <nav aria-label="Which disputes" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/admin/disputes?status=${f.value}`}
            aria-current={status === f.value ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${status === f.value ? 'bg-brand-700 text-white' : 'bg-white text-gray-800'}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="card p-4 text-gray-700">No disputes here.</p>
      ) : (
        <ul className="space-y-2" data-testid="admin-disputes">
          {items.map((d) => (
            <li key={d.id} className="card p-3 text-sm">
              <Link
                to={`/admin/disputes/${d.id}`}
                className="font-semibold text-brand-800 underline"
              >
                {d.id}: {d.product_name}
              </Link>
              <p className="text-gray-700">
                {d.reason_label} · {d.buyer_name} against {d.store_name} · opened{' '}
                {when(d.created_at)}
              </p>
              <p className="font-medium">{d.status_label}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
