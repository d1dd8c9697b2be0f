import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { categories, loadAdminProducts, requireAdmin } from '../../lib/admin.server.ts';
import { ProductList } from '../../components/admin/product-list.tsx';
import { notFound } from '../../lib/api.server.ts';
import { CategoriesTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [{ title: 'Admin: category | SpareFinder NG' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 0 || id > 2147483647)
    throw notFound(`No category ${params.id}`);
  const [children, top, page] = await Promise.all([
    categories(context, id),
    categories(context, 0),
    loadAdminProducts(context, new URL(request.url), id ? { catId: String(id) } : {}),
  ]);
  const self = top.find((c) => c.cat_id === id);
  return {
    id,
    name: id === 0 ? 'All categories' : (self?.name ?? `Category ${id}`),
    children,
    page,
  };
}

export default function AdminCategoryProducts() {
  const { name, children, page } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/products/viewprods" className="underline">
          View products
        </Link>{' '}
        ›
      </p>
      <h1 className="text-2xl font-bold">{name}</h1>
      <h2 className="mb-2 mt-4 text-lg font-bold">Sub-categories</h2>
      <CategoriesTable items={children} caption={`Sub-categories of ${name}`} />
      <h2 className="mb-2 mt-6 text-lg font-bold">Products in {name}</h2>
      <ProductList {...page} categories={[]} fixedCategory />
    </main>
  );
}
