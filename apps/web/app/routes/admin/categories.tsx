import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { categories, requireAdmin } from '../../lib/admin.server.ts';
import { CategoriesTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [{ title: 'Admin: categories | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { top: await categories(context, 0) };
}

export default function AdminCategories() {
  const { top } = useLoaderData<typeof loader>();
  const children = top.reduce((n, c) => n + c.child_count, 0);
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Categories</h1>
      <p className="mb-4 mt-1 text-gray-700">
        {top.length} top categories with {children} sub-categories.
      </p>
      <CategoriesTable items={top} caption="Top categories" />
    </main>
  );
}
