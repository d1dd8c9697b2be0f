import type { AdminSearchHit } from '@sf/api/types';
import { adminGet, requireAdmin } from '../../lib/admin.server.ts';
import type { Route } from './+types/search';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: search | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim().slice(0, 100) ?? '';
  if (!q) return { q, items: [] as AdminSearchHit[] };
  const ans = await adminGet(context, `/api/admin/search?q=${encodeURIComponent(q)}`, 'Search');
  return { q, items: ans.items };
}

const GROUPS: [string, string][] = [
  ['store', 'Stores'],
  ['product', 'Products'],
  ['user', 'Users'],
  ['order', 'Orders'],
  ['mechanic', 'Mechanics'],
  ['towvan', 'Tow vans'],
];

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { q, items } = loaderData;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Search</h1>
      <p className="mb-4 mt-1 text-gray-700">
        {q
          ? items.length
            ? `What matches “${q}”.`
            : `Nothing matches “${q}”: try a name, an e-mail, a phone number or a number.`
          : 'Type a store, product, user, order number or phone number in the box above.'}
      </p>
      {GROUPS.map(([kind, title]) => {
        const hits = items.filter((i) => i.kind === kind);
        if (hits.length === 0) return null;
        return (
          <section key={kind} className="mb-4">
            <h2 className="mb-2 text-lg font-bold">{title}</h2>
            <ul className="card divide-y divide-gray-100">
              {hits.map((h) => (
                <li key={h.id} className="p-3">
                  <Link to={h.href} className="font-semibold underline">
                    {h.label}
                  </Link>
                  <span className="block text-sm text-gray-600">{h.detail}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </main>
  );
}
