import { requireAdmin } from '../../lib/admin.server.ts';
import { loadPages } from '../../lib/admin-pages.server.ts';
import { when } from '../../lib/dates.ts';
import type { Route } from './+types/pages';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: help pages | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { pages: await loadPages(context) };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Help pages</h1>
      <p className="mt-1 text-gray-700">
        The 15 pages under /static: edit their text and sections; the public page changes at once.
      </p>
      <ul className="mt-4 space-y-2">
        {pages.map((p) => (
          <li key={p.slug} className="card flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
            <Link to={`/admin/pages/${p.slug}`} className="font-semibold text-brand-700 underline">
              {p.title}
            </Link>
            <span className="text-sm text-gray-700">/static/{p.slug}</span>
            <span className="text-sm text-gray-600">changed {when(p.updated_at)}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
