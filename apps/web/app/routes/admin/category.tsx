import { categories, loadAdminProducts, requireAdmin } from '../../lib/admin.server.ts';
import { ProductList } from '../../components/admin/product-list.tsx';
import { notFound, serverApi, throwUnlessOk } from '../../lib/api.server.ts';
import { AdminTable } from '../../components/admin/table.tsx';
import type { Route } from './+types/category';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Admin: ${data?.name ?? 'category'} | SpareFinder NG` },
];

/** The category's own record (any depth), named as people know it: never "Category 1001". */
async function categoryOf(context: unknown, id: number) {
  const ans = await serverApi(context).get(`/api/categories/${id}`);
  throwUnlessOk(ans, { what: 'Category', missing: `No category ${id}`, invalidIsMissing: true });
  return ans.item as { name: string; parent: { cat_id: number; name: string } | null };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 0 || id > 2147483647)
    throw notFound(`No category ${params.id}`);
  const [children, self, page] = await Promise.all([
    categories(context, id),
    id === 0 ? null : categoryOf(context, id),
    loadAdminProducts(context, new URL(request.url), id ? { catId: String(id) } : {}),
  ]);
  return {
    id,
    name: self?.name ?? 'All categories',
    parent: self?.parent && self.parent.cat_id ? self.parent : null,
    children,
    page,
  };
}

export default function AdminCategoryProducts({ loaderData }: Route.ComponentProps) {
  const { name, parent, children, page } = loaderData;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/products/viewprods" className="underline">
          View products
        </Link>{' '}
        ›{' '}
        {parent && (
          <>
            <Link to={`/admin/products/cat/${parent.cat_id}`} className="underline">
              {parent.name}
            </Link>{' '}
            ›
          </>
        )}
      </p>
      <h1 className="text-2xl font-bold">{name}</h1>
      <h2 className="mb-2 mt-4 text-lg font-bold">Sub-categories</h2>
      <AdminTable
        caption={`Sub-categories of ${name}`}
        rows={children}
        rowKey={(c) => c.cat_id}
        empty="This category has no sub-categories."
        columns={[
          {
            label: 'Category',
            className: 'font-semibold',
            cell: (c) => (
              <Link to={`/admin/products/cat/${c.cat_id}`} className="underline">
                {c.name}
              </Link>
            ),
          },
          { label: 'Id', cell: (c) => c.cat_id },
          { label: 'Sub-categories', cell: (c) => c.child_count },
          { label: 'Path', className: 'text-gray-600', cell: (c) => c.path },
        ]}
      />
      <h2 className="mb-2 mt-6 text-lg font-bold">Products in {name}</h2>
      <ProductList {...page} categories={[]} fixedCategory />
    </main>
  );
}
