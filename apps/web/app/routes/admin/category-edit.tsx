import { Form } from 'react-router';
import { redirect } from '../../lib/redirect.ts';
import { adminCategories, adminSubmit, field, requireAdmin } from '../../lib/admin.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { notFound } from '../../lib/api.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { UploadForm } from '../../components/upload-form.tsx';
import { AddCategory } from '../../components/admin/category-tree.tsx';
import { ActionForm, ConfirmBox, Flash } from '../../components/admin/ui.tsx';
import { plural } from '@sf/shared';
import type { Route } from './+types/category-edit';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Admin: ${data?.cat.name ?? 'category'} | SpareFinder NG` },
];

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound(`No category ${raw}`);
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const [all, trail] = await Promise.all([
    adminCategories(context),
    loadAuditTrail(context, 'category', id),
  ]);
  const cat = all.find((c) => c.id === id);
  if (!cat) throw notFound(`No category ${id}`);
  return {
    cat,
    parent: all.find((c) => c.id === cat.parentId) ?? null,
    children: all.filter((c) => c.parentId === id),
    tops: all.filter((c) => c.parentId === 0 && c.id !== id),
    // Products belong in a category without sub-categories: only those can take a merge.
    leaves: all.filter((c) => c.children === 0 && c.id !== id),
    trail,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const form = await request.formData();
  const confirm = form.get('confirm') ? { confirm: 'on' } : {};
  switch (field(form, 'intent')) {
    case 'add':
      return adminSubmit(context, 'POST', '/api/admin/categories', {
        name: field(form, 'name'),
        parentId: id,
      });
    case 'merge': {
      const into = Number(field(form, 'into'));
      const ans = await adminSubmit(context, 'POST', `/api/admin/categories/${id}/merge`, {
        into,
        ...confirm,
      });
      // This category is gone: show the one that took its products.
      return 'ok' in ans && ans.ok ? redirect(`/admin/categories/${into}?merged=1`) : ans;
    }
    case 'delete': {
      const ans = await adminSubmit(context, 'POST', `/api/admin/categories/${id}/delete`, confirm);
      return 'ok' in ans && ans.ok ? redirect('/admin/categories') : ans;
    }
  }
  return adminSubmit(context, 'PATCH', `/api/admin/categories/${id}`, {
    name: field(form, 'name'),
    parentId: Number(field(form, 'parentId')) || 0,
    position: Number(field(form, 'position')) || 0,
  });
}

export default function AdminCategoryEdit({ loaderData }: Route.ComponentProps) {
  const { cat, parent, children, tops, leaves, trail } = loaderData;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/categories" className="underline">
          Categories
        </Link>{' '}
        ›{' '}
        {parent && (
          <>
            <Link to={`/admin/categories/${parent.id}`} className="underline">
              {parent.name}
            </Link>{' '}
            ›
          </>
        )}
      </p>
      <div className="flex items-center gap-3">
        <img src={cat.imageUrl} alt="" width={48} height={48} className="size-12 rounded" />
        <h1 className="text-2xl font-bold">{cat.name}</h1>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {plural(cat.products, 'product')} · {plural(cat.children, 'sub-category', 'sub-categories')}{' '}
        · path {cat.path} ·{' '}
        <Link to={`/admin/products/cat/${cat.id}`} className="underline">
          See its products
        </Link>
      </p>
      <div className="mt-4">
        <Flash />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Form method="post" className="card grid gap-3 p-4">
          <h2 className="text-lg font-bold">Rename, move, order</h2>
          <input type="hidden" name="intent" value="edit" />
          <Field
            label="Name"
            name="name"
            required
            minLength={2}
            maxLength={60}
            defaultValue={cat.name}
          />
          <SelectBoxField label="Under" name="parentId" defaultValue={cat.parentId}>
            <option value={0}>Nothing (a top category)</option>
            {tops.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectBoxField>
          <Field
            label="Order (lower shows first)"
            name="position"
            type="number"
            min={0}
            max={10000}
            defaultValue={cat.position}
          />
          <button type="submit" className="btn-primary justify-self-start">
            Save
          </button>
        </Form>
        <div className="card p-4">
          <UploadForm
            action={`/api/admin/categories/${cat.id}/image`}
            name="image"
            label="Picture"
            hint="A JPEG, PNG or WebP; shown as a square tile."
            button="Upload picture"
            done="The new picture is saved."
          />
        </div>
        <ActionForm intent="merge" title="Merge into another category" button="Merge" danger>
          <p className="text-sm text-gray-700">
            Moves its {plural(cat.products, 'product')} into the category you choose, then removes{' '}
            {cat.name}. A category with products is never deleted.
          </p>
          <SelectBoxField label="Merge into" name="into" required>
            {leaves.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectBoxField>
          <ConfirmBox>Move every product and remove {cat.name}.</ConfirmBox>
        </ActionForm>
        <ActionForm intent="delete" title="Delete" button="Delete category" danger>
          <p className="text-sm text-gray-700">
            Only an empty category (no products, no sub-categories) can be deleted.
          </p>
          <ConfirmBox>Delete {cat.name}.</ConfirmBox>
        </ActionForm>
      </div>
      {cat.parentId === 0 && (
        <>
          <h2 className="mb-2 mt-6 text-lg font-bold">Sub-categories</h2>
          {children.length > 0 && (
            <ul className="card mb-3 grid gap-1 p-3 sm:grid-cols-2">
              {children.map((k) => (
                <li key={k.id} className="flex justify-between gap-2 text-sm">
                  <Link to={`/admin/categories/${k.id}`} className="underline">
                    {k.name}
                  </Link>
                  <span className="text-gray-600">{plural(k.products, 'product')}</span>
                </li>
              ))}
            </ul>
          )}
          <AddCategory parentId={cat.id} title={`New sub-category of ${cat.name}`} />
        </>
      )}
      <h2 className="mb-2 mt-6 text-lg font-bold">Staff actions</h2>
      <AuditTrail items={trail} />
    </main>
  );
}
