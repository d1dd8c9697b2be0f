import { categories, loadAdminProducts, requireAdmin } from '../../lib/admin.server.ts';
import { ProductList } from '../../components/admin/product-list.tsx';
import type { Route } from './+types/products-by-category';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: view products | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [page, top] = await Promise.all([
    loadAdminProducts(context, new URL(request.url)),
    categories(context, 0),
  ]);
  return { top, page };
}

export default function ViewProducts({ loaderData }: Route.ComponentProps) {
  const { top, page } = loaderData;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">View products</h1>
      <p className="mt-1 text-gray-700">
        Pick a category to see its sub-categories and the products listed in it, or filter every
        product below.
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
      <h2 className="mb-2 mt-6 text-lg font-bold">All products</h2>
      <ProductList {...page} categories={top.map((c) => ({ id: c.cat_id, name: c.name }))} />
    </main>
  );
}
