import { Form } from 'react-router';
import type { AdminBlogPost } from '@sf/api/types';
import { adminGet, listQuery, requireAdmin } from '../../lib/admin.server.ts';
import { NextPage, Pill } from '../../components/admin/ui.tsx';
import { AdminTable } from '../../components/admin/table.tsx';
import type { Route } from './+types/blog-posts';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: blog posts | SpareFinder NG' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), ['q', 'state']);
  const ans = await adminGet<{ items: AdminBlogPost[]; lastId: number | null }>(
    context,
    `/api/admin/blog/posts?${query}`,
    'Blog posts',
  );
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' });

export default function AdminBlogPosts({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Blog posts</h1>
        <Link to="/admin/blog/new" className="btn-primary">
          Write a post
        </Link>
      </div>
      <p className="mb-4 mt-1 text-gray-700">
        Newest first, drafts included. Also:{' '}
        <Link to="/admin/blog/categories" className="underline">
          categories
        </Link>{' '}
        and{' '}
        <Link to="/admin/blog/comments" className="underline">
          comments to moderate
        </Link>
        .
      </p>
      <Form method="get" className="card mb-4 grid gap-3 p-3 sm:grid-cols-[1fr_12rem_auto]">
        <Field
          className="text-sm"
          label="Title or web address"
          name="q"
          type="search"
          defaultValue={q.get('q') ?? ''}
        />
        <SelectBoxField
          className="text-sm"
          label="State"
          name="state"
          defaultValue={q.get('state') ?? ''}
        >
          <option value="">Any</option>
          <option value="draft">Drafts</option>
          <option value="published">Published</option>
        </SelectBoxField>
        <button type="submit" className="btn-primary self-end">
          Filter
        </button>
      </Form>
      <AdminTable
        caption="Blog posts"
        empty="No post matches."
        rows={items}
        columns={[
          {
            label: 'Title',
            className: 'font-semibold min-w-[14rem]',
            cell: (p) => (
              <Link to={`/admin/blog/${p.id}`} className="underline">
                {p.title}
              </Link>
            ),
          },
          {
            label: 'State',
            cell: (p) =>
              p.published ? <Pill tone="green">Published</Pill> : <Pill tone="amber">Draft</Pill>,
          },
          { label: 'Category', className: 'whitespace-nowrap', cell: (p) => p.categoryName },
          {
            label: 'Published',
            className: 'whitespace-nowrap',
            cell: (p) => (p.publishedAt ? day(p.publishedAt) : '—'),
          },
          { label: 'Comments', cell: (p) => p.comments },
          { label: 'Author', cell: (p) => p.author },
        ]}
      />
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
