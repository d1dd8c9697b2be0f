import { Form } from 'react-router';
import type { AdminBlogComment } from '@sf/api/types';
import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  listQuery,
  requireAdmin,
} from '../../lib/admin.server.ts';
import { ConfirmBox, Flash, NextPage, Pill } from '../../components/admin/ui.tsx';
import type { Route } from './+types/blog-comments';
import { Field, SelectBoxField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

// Comments show as soon as they are written; staff read the new ones here and approve them
// (kept), hide them (they leave the post, the note says why) or delete them for good.

export const meta: Route.MetaFunction = () => [{ title: 'Admin: blog comments | SpareFinder NG' }];

const STATES = [
  ['new', 'New (not yet read)'],
  ['approved', 'Approved'],
  ['hidden', 'Hidden'],
  ['all', 'All'],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = listQuery(new URL(request.url), ['state', 'postId']);
  const ans = await adminGet<{ items: AdminBlogComment[]; lastId: number | null }>(
    context,
    `/api/admin/blog/comments?${query}`,
    'Comments',
  );
  query.delete('lastId');
  return { items: ans.items, lastId: ans.lastId, query: query.toString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = adminIdParam(field(form, 'id'), 'comment');
  const note = field(form, 'note') || undefined;
  if (intent === 'approve' || intent === 'hide')
    return adminSubmit(context, 'POST', `/api/admin/blog/comments/${id}/${intent}`, { note });
  if (intent === 'delete')
    return adminSubmit(context, 'POST', `/api/admin/blog/comments/${id}/delete`, {
      note,
      ...(form.get('confirm') ? { confirm: 'on' } : {}),
    });
  return { ok: false, message: 'Choose an action' };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export default function AdminBlogComments({ loaderData }: Route.ComponentProps) {
  const { items, lastId, query } = loaderData;
  const q = new URLSearchParams(query);
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/blog" className="underline">
          Blog posts
        </Link>{' '}
        ›
      </p>
      <h1 className="mt-1 text-2xl font-bold">Blog comments</h1>
      <p className="mb-4 mt-1 text-gray-700">
        Comments show as soon as they are written. Approve the ones you have read; hide one that
        breaks the rules (it leaves the post) or delete it for good.
      </p>
      <Form method="get" className="card mb-4 flex flex-wrap items-end gap-3 p-3">
        {q.get('postId') && <input type="hidden" name="postId" value={q.get('postId')!} />}
        <SelectBoxField
          className="text-sm"
          label="Show"
          name="state"
          defaultValue={q.get('state') ?? 'new'}
        >
          {STATES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </SelectBoxField>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      <Flash />
      {items.length === 0 && <p className="card p-4 text-gray-700">No comment here.</p>}
      <ul className="space-y-3">
        {items.map((c) => (
          <li key={c.id} className="card grid gap-3 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              <strong className="text-gray-900">{c.authorName}</strong>
              <span className="break-all">{c.authorEmail}</span>
              <span>{when(c.createdAt)}</span>
              {c.hidden && <Pill tone="red">Hidden</Pill>}
              {c.approved && <Pill tone="green">Approved</Pill>}
            </p>
            <p className="text-sm">
              On{' '}
              <a href={`/blogs/blog/${c.postSlug}`} className="underline">
                {c.postTitle}
              </a>
            </p>
            <p className="whitespace-pre-line break-words rounded bg-gray-50 p-3">{c.body}</p>
            <div className="flex flex-wrap items-start gap-3">
              {!c.approved && (
                <Form method="post">
                  <input type="hidden" name="id" value={c.id} />
                  <button name="intent" value="approve" className="btn-primary">
                    {c.hidden ? 'Show again' : 'Approve'}
                  </button>
                </Form>
              )}
              {!c.hidden && (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={c.id} />
                  <Field
                    id={`hide-${c.id}`}
                    label="Why hide it"
                    name="note"
                    required
                    minLength={3}
                    maxLength={500}
                  />
                  <button name="intent" value="hide" className="btn-ghost">
                    Hide
                  </button>
                </Form>
              )}
            </div>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-red-800">
                Delete for good…
              </summary>
              <Form method="post" className="mt-2 grid gap-2">
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="intent" value="delete" />
                <label htmlFor={`del-${c.id}`} className="label">
                  Why delete it
                </label>
                <input
                  id={`del-${c.id}`}
                  name="note"
                  required
                  minLength={3}
                  maxLength={500}
                  className="input"
                />
                <ConfirmBox>The comment is deleted; the audit log keeps its text.</ConfirmBox>
                <button
                  type="submit"
                  className="btn justify-self-start bg-red-700 text-white hover:bg-red-800"
                >
                  Delete comment
                </button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      <NextPage lastId={lastId} query={q} />
    </main>
  );
}
