import { categories, loadAdminProducts, requireAdmin } from '../../lib/admin.server.ts';
import { ProductList } from '../../components/admin/product-list.tsx';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: products | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [page, top] = await Promise.all([
    loadAdminProducts(context, new URL(request.url)),
    categories(context, 0),
  ]);
  return { ...page, top: top.map((c) => ({ id: c.cat_id, name: c.name })) };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query, top } = loaderData;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Products</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Every product of every store, newest first. Open one to edit it or hide it.
      </p>
      <ProductList items={items} lastId={lastId} query={query} categories={top} />
    </main>
  );
}
