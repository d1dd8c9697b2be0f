import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { adminUsers, categories, requireAdmin } from '../../lib/admin.server.ts';
import { CategoriesTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [{ title: 'Admin: products | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [users, top] = await Promise.all([adminUsers(context), categories(context, 0)]);
  return { counts: users.counts, total: users.total, top };
}

export default function AdminProducts() {
  const { counts, total, top } = useLoaderData<typeof loader>();
  const tiles = [
    { label: 'Accounts', value: total },
    { label: 'Stores (sellers)', value: counts.Seller ?? 0, to: '/admin/cedstore' },
    { label: 'Mechanics', value: counts.Mechanic ?? 0, to: '/admin/mechanics' },
    { label: 'Tow vans', value: counts['Tow Van'] ?? 0, to: '/admin/mechanics' },
    { label: 'Buyers', value: counts.Buyer ?? 0 },
    { label: 'Top categories', value: top.length, to: '/admin/categories' },
  ];
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Products</h1>
      <p className="mt-1 text-gray-700">
        The marketplace at a glance, and its products by category.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {tiles.map((t) => (
          <li key={t.label} className="card p-4">
            <p className="text-sm text-gray-600">{t.label}</p>
            <p className="text-2xl font-extrabold">
              {t.to ? (
                <Link to={t.to} className="hover:underline">
                  {t.value}
                </Link>
              ) : (
                t.value
              )}
            </p>
          </li>
        ))}
      </ul>
      <h2 className="mb-2 mt-6 text-lg font-bold">Products by category</h2>
      <CategoriesTable items={top} caption="Top categories" />
    </main>
  );
}
