import { adminCategories, requireAdmin } from '../../lib/admin.server.ts';
import { AddCategory, CategoryTree } from '../../components/admin/category-tree.tsx';
import { Flash } from '../../components/admin/ui.tsx';
import type { Route } from './+types/parent-categories';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: parent categories | SpareFinder NG' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { items: await adminCategories(context) };
}

// Its add form posts to /admin/categories (one action adds every category).
export default function AdminParentCategories({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const parents = items.filter((c) => c.parentId === 0);
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Parent categories</h1>
      <p className="mb-4 mt-1 text-gray-700">
        The {parents.length} top categories, in the order buyers see them.
      </p>
      <Flash />
      <div className="mb-4">
        <AddCategory parentId={0} title="New top category" action="/admin/categories" />
      </div>
      <CategoryTree items={items} onlyTop />
    </main>
  );
}
