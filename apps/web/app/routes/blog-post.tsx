import { data, Form, useActionData, useLocation, useNavigation } from 'react-router';
import { breadcrumbLd, shareMeta } from '../lib/seo.ts';
import { redirect } from '../lib/redirect.ts';
import { COMMENT_MAX, validateComment } from '@sf/shared';
import { formStatus, notFound, serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { formatDate, type BlogComment, type BlogPost } from '../lib/content.ts';
import { RichText } from '../components/rich-text.tsx';
import { Photo } from '../components/photo.tsx';
import type { Route } from './+types/blog-post';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Blog post not found | SpareFinder NG' }];
  const { post } = d;
  return [
    ...shareMeta(matches, {
      title: post.title,
      description: post.excerpt,
      path: `/blogs/blog/${encodeURIComponent(post.slug)}`,
      type: 'article',
      // The cover drawn for sharing cards (a PNG: WhatsApp shows no SVG or WebP).
      image: { path: post.share_image_url, alt: post.title, type: 'image/png' },
    }),
    { property: 'article:published_time', content: post.published_at },
    { property: 'article:author', content: post.author },
    { property: 'article:section', content: post.category_name },
    breadcrumbLd(matches, [
      { name: 'Blogs', path: '/blogs' },
      { name: post.title, path: `/blogs/blog/${encodeURIComponent(post.slug)}` },
    ]),
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id ?? '';
  const api = serverApi(context);
  const [post, comments] = await Promise.all([
    api.get<BlogPost>(`/api/blogs/blog/${encodeURIComponent(id)}`),
    api.get<BlogComment>(`/api/blogs/comments/${encodeURIComponent(id)}`),
  ]);
  const missing = `No blog post "${id}"`;
  throwUnlessOk(post, { what: 'Blog post', missing, invalidIsMissing: true });
  if (!post.items?.[0]) throw notFound(missing);
  return {
    post: post.items[0],
    comments: comments.items ?? [],
    canComment: comments.canComment === true,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = params.id ?? '';
  const form = await request.formData();
  const { value, error } = validateComment(form.get('body'));
  if (error) return data({ error, body: String(form.get('body') ?? '') }, { status: 400 });
  const ans = await serverApi(context).post<BlogComment>(
    `/api/blogs/comments/${encodeURIComponent(id)}`,
    { body: value },
  );
  if (ans.status && ans.items?.[0])
    return redirect(`/blogs/blog/${encodeURIComponent(id)}#comment-${ans.items[0].id}`, 303);
  if (ans.httpStatus === 401)
    return redirect(
      `/auth/login?redirectTo=${encodeURIComponent(`/blogs/blog/${id}#comments`)}`,
      303,
    );
  return data(
    { error: ans.message ?? 'Could not post your comment. Please try again.', body: value },
    { status: formStatus(ans) },
  );
}

function CommentForm({ count }: { count: number }) {
  const result = useActionData<typeof action>();
  const nav = useNavigation();
  const busy = nav.state === 'submitting' && nav.formMethod?.toUpperCase() === 'POST';
  const error = result?.error;
  return (
    <Form method="post" className="card mt-4 p-4" preventScrollReset>
      <label htmlFor="comment-body" className="label">
        Your comment
      </label>
      <textarea
        id="comment-body"
        name="body"
        required
        maxLength={COMMENT_MAX}
        rows={4}
        defaultValue={result?.body ?? ''}
        key={count /* a new comment clears the box */}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'comment-error comment-hint' : 'comment-hint'}
        className="input py-2"
      />
      <p id="comment-hint" className="mt-1 text-xs text-gray-600">
        Plain text, up to {COMMENT_MAX} characters. Be kind and helpful.
      </p>
      {error && (
        <p id="comment-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary mt-3" disabled={busy}>
        {busy ? 'Posting…' : 'Post comment'}
      </button>
    </Form>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, comments, canComment } = loaderData;
  const location = useLocation();
  const here = `/blogs/blog/${post.slug}`;
  return (
    <main id="main" className="container-page py-6">
      <article className="mx-auto max-w-3xl">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap items-center gap-1 text-gray-700">
            <li>
              <Link
                to="/blogs"
                className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
              >
                Blogs
              </Link>
            </li>
            <li aria-hidden="true">›</li>
            <li>
              <Link
                to={`/blogs?category=${post.category_slug}`}
                className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
              >
                {post.category_name}
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="mt-1 text-2xl font-extrabold leading-tight sm:text-4xl">{post.title}</h1>
        <p className="mt-2 text-sm text-gray-700">
          By <span className="font-semibold">{post.author}</span> ·{' '}
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
        </p>
        <Photo
          src={post.cover_url}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          fetchPriority="high"
          className="mt-4 aspect-[1200/630] w-full rounded-[var(--radius-card)] object-cover"
        />
        <p className="mt-5 text-lg font-medium leading-relaxed text-gray-800">{post.excerpt}</p>
        <RichText source={post.body ?? ''} className="mt-5 text-base sm:text-lg" />
      </article>

      <section
        aria-labelledby="comments"
        className="mx-auto mt-10 max-w-3xl border-t border-gray-200 pt-6"
      >
        <h2 id="comments" className="text-xl font-bold">
          Comments ({comments.length})
        </h2>
        {comments.length === 0 ? (
          <p className="mt-2 text-gray-700">No comments yet. Share what worked for your car.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {comments.map((c) => (
              <li
                key={c.id}
                id={`comment-${c.id}`}
                className={`card p-4 ${location.hash === `#comment-${c.id}` ? 'ring-2 ring-brand-600' : ''}`}
              >
                <p className="text-sm">
                  <span className="font-semibold">{c.author_name}</span> ·{' '}
                  <time dateTime={c.created_at} className="text-gray-600">
                    {formatDate(c.created_at)}
                  </time>
                </p>
                {/* Plain text, shown as text: line breaks kept, never parsed as HTML. */}
                <p className="mt-1 whitespace-pre-line break-words text-gray-800">{c.body}</p>
              </li>
            ))}
          </ol>
        )}
        {canComment ? (
          <CommentForm count={comments.length} />
        ) : (
          <p className="mt-4">
            <Link
              to={`/auth/login?redirectTo=${encodeURIComponent(`${here}#comments`)}`}
              className="btn-primary"
            >
              Log in to comment
            </Link>
          </p>
        )}
      </section>
    </main>
  );
}
