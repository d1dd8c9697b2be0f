import { data, Form, useNavigation } from 'react-router';
import type { AdminBlogCategory, AdminBlogPostFull } from '@sf/api/types';
import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  requireAdmin,
} from '../../lib/admin.server.ts';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { redirect } from '../../lib/redirect.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { ActionForm, Flash, Pill } from '../../components/admin/ui.tsx';
import { RichText } from '../../components/rich-text.tsx';
import type { Route } from './+types/blog-post';
import { Field, SelectBoxField, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

// Writing a blog post: a plain textarea in the restricted Markdown the public post renders as
// text, a preview rendered on the server from what was typed (nothing saved), then save as a
// draft and publish. Works without JavaScript: every button is a form post.

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Admin: ${d?.post ? d.post.title : 'new blog post'} | SpareFinder NG` },
];

const FIELDS = ['title', 'slug', 'categoryId', 'author', 'excerpt', 'body', 'coverColor'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = params.id ? adminIdParam(params.id, 'blog post') : null;
  const [cats, post, trail] = await Promise.all([
    adminGet<{ items: AdminBlogCategory[] }>(context, '/api/admin/blog/categories', 'Categories'),
    id
      ? adminGet<{ item: AdminBlogPostFull }>(context, `/api/admin/blog/posts/${id}`, 'Blog post')
      : null,
    id ? loadAuditTrail(context, 'post', String(id)) : [],
  ]);
  const saved = new URL(request.url).searchParams.has('saved');
  return { categories: cats.items, post: post?.item ?? null, trail, saved };
}

const formValues = (form: FormData): Values =>
  Object.fromEntries(
    FIELDS.map((f) => [f, String(form.get(f) ?? '').replace(/\r\n/g, '\n')]),
  ) as Values;

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = params.id ? adminIdParam(params.id, 'blog post') : null;
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent === 'publish' || intent === 'unpublish') {
    if (!id) return data({ ok: false, message: 'Save the post first' }, { status: 400 });
    return adminSubmit(context, 'POST', `/api/admin/blog/posts/${id}/publish`, {
      published: intent === 'publish',
      note: field(form, 'note') || undefined,
    });
  }
  const values = formValues(form);
  if (intent === 'preview')
    return {
      ok: true,
      message: 'Preview below: nothing is saved yet',
      values,
      preview: true,
    };
  const body = {
    title: values.title.trim(),
    slug: values.slug.trim().toLowerCase(),
    categoryId: Number(values.categoryId) || 0,
    author: values.author.trim(),
    excerpt: values.excerpt.trim(),
    body: values.body,
    coverColor: values.coverColor || undefined,
    note: field(form, 'note') || undefined,
  };
  const api = serverApi(context);
  const ans = id
    ? await api.patch(`/api/admin/blog/posts/${id}`, body)
    : await api.post('/api/admin/blog/posts', body);
  if (!ans.status)
    return data(
      {
        ok: false,
        message: ans.message ?? 'That did not work: please try again',
        values,
        preview: false,
      },
      { status: formStatus(ans) },
    );
  if (!id) throw redirect(`/admin/blog/${(ans.item as AdminBlogPostFull).id}?saved=1`);
  return { ok: true, message: 'Saved', values, preview: false };
}

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-NG', {
        timeZone: 'Africa/Lagos',
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';

export default function AdminBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, post, trail, saved } = loaderData;
  const done = actionData as
    { ok: boolean; message: string; values?: Values; preview?: boolean } | undefined;
  const nav = useNavigation();
  const busy = nav.state !== 'idle';
  // After a refused save or a preview the form shows what was typed (also without JavaScript).
  const v: Values = done?.values ?? {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    categoryId: String(post?.categoryId ?? ''),
    author: post?.author ?? '',
    excerpt: post?.excerpt ?? '',
    body: post?.body ?? '',
    coverColor: (post?.coverColor ?? '#1E88E5').toLowerCase(),
  };
  const preview = done?.preview ? done.values! : null;
  const shown = preview ?? post;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/blog" className="underline">
          Blog posts
        </Link>{' '}
        ›
      </p>
      <h1 className="mt-1 text-2xl font-bold">{post ? post.title : 'Write a blog post'}</h1>
      {post && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
          {post.published ? (
            <>
              <Pill tone="green">Published</Pill> {when(post.publishedAt)} ·{' '}
              <a href={post.url} className="underline">
                View on the blog
              </a>
            </>
          ) : (
            <Pill tone="amber">Draft: not public</Pill>
          )}
          <span>· {post.comments} comments</span>
          {post.comments > 0 && (
            <Link to={`/admin/blog/comments?state=all&postId=${post.id}`} className="underline">
              Moderate them
            </Link>
          )}
        </p>
      )}
      <p className="mt-2 text-sm text-gray-700">
        Text is plain with a little Markdown: a blank line between paragraphs, &apos;## &apos; for a
        subheading, &apos;- &apos; for a bullet, **bold**. Nothing is read as HTML: tags show as
        typed.
      </p>
      <div className="mt-4">
        {saved && !done && (
          <p
            role="status"
            className="mb-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900"
          >
            Draft saved: publish it when it is ready
          </p>
        )}
        <Flash />
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Form method="post" className="card grid content-start gap-3 p-4">
          <Field
            name="title"
            id="title"
            label="Title"
            required
            minLength={3}
            maxLength={160}
            defaultValue={v.title}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectBoxField
              id="categoryId"
              label="Category"
              name="categoryId"
              required
              defaultValue={v.categoryId}
            >
              <option value="">Choose…</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectBoxField>
            <Field
              name="author"
              id="author"
              label="Author (empty: your name)"
              maxLength={80}
              defaultValue={v.author}
            />
            <Field
              name="slug"
              id="slug"
              label="Web address (empty: made from the title)"
              maxLength={100}
              pattern="[a-z0-9\-]*"
              title="Small letters, digits and dashes"
              defaultValue={v.slug}
            />
            <Field
              name="coverColor"
              id="coverColor"
              label="Cover colour"
              inputClassName="h-11 p-1"
              type="color"
              defaultValue={v.coverColor}
            />
          </div>
          <TextAreaField
            name="excerpt"
            id="excerpt"
            label="Summary (shown in lists and when shared)"
            inputClassName="py-2"
            required
            rows={2}
            maxLength={400}
            defaultValue={v.excerpt}
          />
          <TextAreaField
            name="body"
            id="body"
            label="Text"
            inputClassName="py-2 font-mono text-sm"
            required
            rows={14}
            maxLength={40000}
            defaultValue={v.body}
          />
          <Field name="note" id="note" label="Note for the audit log (optional)" maxLength={500} />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="preview"
              className="btn-ghost"
              disabled={busy}
              formNoValidate
            >
              Preview
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn-primary"
              disabled={busy}
            >
              {post ? 'Save changes' : 'Save draft'}
            </button>
          </div>
        </Form>
        <div className="grid content-start gap-4">
          {post &&
            (post.published ? (
              <ActionForm intent="unpublish" title="Take down" button="Take down">
                <p className="text-sm text-gray-700">
                  The post leaves the blog and becomes a draft again.
                </p>
              </ActionForm>
            ) : (
              <ActionForm intent="publish" title="Publish" button="Publish now">
                <p className="text-sm text-gray-700">
                  Dated now, it goes to the top of the blog at once.
                </p>
              </ActionForm>
            ))}
          {!post && (
            <p className="card p-4 text-sm text-gray-700">
              A new post is saved as a draft; publish it from here once saved.
            </p>
          )}
        </div>
      </div>
      {shown && (
        <section aria-labelledby="preview-h" className="card mt-4 p-4 sm:p-6">
          <h2 id="preview-h" className="text-sm font-bold uppercase tracking-wide text-gray-600">
            {preview ? 'Preview (not saved)' : 'As saved'}
          </h2>
          <article className="mx-auto max-w-3xl">
            <p className="mt-3 text-2xl font-extrabold leading-tight sm:text-3xl">{shown.title}</p>
            <p className="mt-3 text-lg font-medium leading-relaxed text-gray-800">
              {shown.excerpt}
            </p>
            <RichText source={shown.body} className="mt-4 text-base" />
          </article>
        </section>
      )}
      {post && (
        <section aria-labelledby="audit-h" className="mt-4">
          <h2 id="audit-h" className="mb-2 text-lg font-bold">
            Staff actions
          </h2>
          <AuditTrail items={trail} />
        </section>
      )}
    </main>
  );
}
