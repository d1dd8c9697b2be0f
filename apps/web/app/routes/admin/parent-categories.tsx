import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { categories, requireAdmin } from '../../lib/admin.server.ts';
import { CategoriesTable } from '../../components/admin-tables.tsx';

export const meta: MetaFunction = () => [{ title: 'Admin: parent categories | SpareFinder NG' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const top = await categories(context, 0);
  return { parents: top.filter((c) => c.child_count > 0) };
}

export default function AdminParentCategories() {
  const { parents } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Parent categories</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Categories that hold sub-categories ({parents.length}).
      </p>
      <CategoriesTable items={parents} caption="Parent categories" />
    </main>
  );
}
