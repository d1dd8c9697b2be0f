import { requireAdmin } from '../../lib/admin.server.ts';
import { loadAudit } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import type { Route } from './+types/audit';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: audit log | SpareFinder NG' }];

const FILTERS = ['targetType', 'targetId', 'action', 'actorId'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const k of [...FILTERS, 'lastId'])
    if (url.searchParams.get(k)) params.set(k, url.searchParams.get(k)!);
  const page = await loadAudit(context, params);
  return { ...page, filters: Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { items, lastId, filters } = loaderData;
  const next = new URLSearchParams({ ...filters, lastId: String(lastId) });
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Every staff action, newest first. Entries cannot be edited or removed.
      </p>
      <form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-3">
        <label className="text-sm">
          Record kind
          <input
            name="targetType"
            defaultValue={filters.targetType}
            placeholder="store"
            className="input mt-1"
          />
        </label>
        <label className="text-sm">
          Record id
          <input name="targetId" defaultValue={filters.targetId} className="input mt-1" />
        </label>
        <label className="text-sm">
          Action
          <input
            name="action"
            defaultValue={filters.action}
            placeholder="store.verify"
            className="input mt-1"
          />
        </label>
        <button type="submit" className="btn-primary sm:col-span-3 sm:justify-self-start">
          Filter
        </button>
      </form>
      <AuditTrail items={items} showTarget />
      {lastId && (
        <p className="mt-4">
          <Link to={`?${next}`} className="btn-ghost">
            Older entries
          </Link>
        </p>
      )}
    </main>
  );
}
