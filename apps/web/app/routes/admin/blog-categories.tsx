import { Form } from 'react-router';
import type { AdminBlogCategory } from '@sf/api/types';
import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  requireAdmin,
} from '../../lib/admin.server.ts';
import { ConfirmBox, Flash } from '../../components/admin/ui.tsx';
import { plural } from '@sf/shared';
import type { Route } from './+types/blog-categories';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin: blog categories | SpareFinder NG' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return (
    await adminGet<{ items: AdminBlogCategory[] }>(
      context,
      '/api/admin/blog/categories',
      'Blog categories',
    )
  ).items;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const body = {
    name: field(form, 'name') || undefined,
    slug: field(form, 'slug').toLowerCase() || undefined,
  };
  if (intent === 'add') return adminSubmit(context, 'POST', '/api/admin/blog/categories', body);
  const id = adminIdParam(field(form, 'id'), 'blog category');
  if (intent === 'rename')
    return adminSubmit(context, 'PATCH', `/api/admin/blog/categories/${id}`, body);
  if (intent === 'delete')
    return adminSubmit(context, 'POST', `/api/admin/blog/categories/${id}/delete`, {
      ...(form.get('confirm') ? { confirm: 'on' } : {}),
    });
  return { ok: false, message: 'Choose an action' };
}

export default function AdminBlogCategories({ loaderData }: Route.ComponentProps) {
  const items = loaderData;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/blog" className="underline">
          Blog posts
        </Link>{' '}
        ›
      </p>
      <h1 className="mt-1 text-2xl font-bold">Blog categories</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Rename a category or change its web address; only a category without posts can be deleted.
      </p>
      <Flash />
      <Form method="post" className="card mb-4 grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto]">
        <input type="hidden" name="intent" value="add" />
        <Field
          name="name"
          id="new-name"
          label="New category"
          required
          minLength={2}
          maxLength={60}
        />
        <Field
          name="slug"
          id="new-slug"
          label="Web address (empty: from the name)"
          maxLength={60}
          pattern="[a-z0-9\-]*"
        />
        <button type="submit" className="btn-primary self-end">
          Add
        </button>
      </Form>
      <ul className="space-y-3">
        {items.map((c) => (
          <li key={c.id} className="card grid gap-3 p-4">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <strong>{c.name}</strong>
              <a href={`/blogs?category=${c.slug}`} className="text-sm underline">
                /blogs?category={c.slug}
              </a>
              <span className="text-sm text-gray-700">{plural(c.posts, 'post')}</span>
            </p>
            <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="id" value={c.id} />
              <Field
                id={`name-${c.id}`}
                label="Name"
                name="name"
                required
                minLength={2}
                maxLength={60}
                defaultValue={c.name}
              />
              <Field
                id={`slug-${c.id}`}
                label="Web address"
                name="slug"
                maxLength={60}
                pattern="[a-z0-9\-]*"
                defaultValue={c.slug}
              />
              <button type="submit" className="btn-ghost self-end">
                Save
              </button>
            </Form>
            {c.posts === 0 && (
              <Form method="post" className="grid gap-2 border-t border-gray-100 pt-3">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={c.id} />
                <ConfirmBox>Delete {c.name}.</ConfirmBox>
                <button
                  type="submit"
                  className="btn justify-self-start bg-red-700 text-white hover:bg-red-800"
                >
                  Delete {c.name}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
