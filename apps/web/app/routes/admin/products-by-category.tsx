import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { categories, requireAdmin } from '../../lib/admin.server.ts';

export const meta: MetaFunction = () => [{ title: 'Admin: view products | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { top: await categories(context, 0) };
}

export default function ViewProducts() {
  const { top } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">View products</h1>
      <p className="mt-1 text-gray-700">
        Pick a category to see its sub-categories and the products listed in it.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {top.map((c) => (
          <li key={c.cat_id}>
            <Link
              to={`/admin/products/cat/${c.cat_id}`}
              className="card flex min-h-11 items-center justify-between p-3 font-medium hover:ring-2 hover:ring-brand-600"
            >
              <span>{c.name}</span>
              <span className="text-sm text-gray-600">{c.child_count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
