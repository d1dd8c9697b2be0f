import { adminCategories, adminSubmit, field, requireAdmin } from '../../lib/admin.server.ts';
import { AddCategory, CategoryTree } from '../../components/admin/category-tree.tsx';
import { Flash } from '../../components/admin/ui.tsx';
import { plural } from '@sf/shared';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: categories | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { items: await adminCategories(context) };
}

/** Adding a category (the forms of this page and of the parent-categories page). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  return adminSubmit(context, 'POST', '/api/admin/categories', {
    name: field(form, 'name'),
    parentId: Number(field(form, 'parentId')) || 0,
  });
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const tops = items.filter((c) => c.parentId === 0).length;
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Categories</h1>
      <p className="mb-4 mt-1 text-gray-700">
        {plural(tops, 'top category', 'top categories')} with{' '}
        {plural(items.length - tops, 'sub-category', 'sub-categories')}. Open one to rename, move,
        order, picture, merge or delete it.
      </p>
      <Flash />
      <div className="mb-4">
        <AddCategory parentId={0} title="New top category" />
      </div>
      <CategoryTree items={items} />
    </main>
  );
}
