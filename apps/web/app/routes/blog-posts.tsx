import { shareMeta } from '../lib/seo.ts';
import { serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { toQuery } from '../lib/api.ts';
import { formatDate, type BlogCategory, type BlogPostItem } from '../lib/content.ts';
import { Photo } from '../components/photo.tsx';
import type { Route } from './+types/blog-posts';
import { Link } from '../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const cat = d?.current ? `${d.current.name}: ` : '';
  return shareMeta(matches, {
    title: `${cat}Blogs`,
    description:
      'Practical guides for Nigerian drivers: spotting fake parts, Tokunbo or new, harmattan and rainy-season car care, tow costs and more.',
    path: d?.current ? `/blogs?category=${encodeURIComponent(d.current.slug)}` : '/blogs',
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = (url.searchParams.get('category') ?? '').toLowerCase();
  const lastId = url.searchParams.get('lastId') ?? '';
  const api = serverApi(context);
  const [cats, posts] = await Promise.all([
    api.get<BlogCategory>('/api/blogs/categories'),
    api.get<BlogPostItem>(`/api/blogs${toQuery({ category, lastId })}`),
  ]);
  throwUnlessOk(posts, {
    what: 'Blog posts',
    missing: `No blog category "${category}"`,
    invalidIsMissing: true,
  });
  const categories = cats.items ?? [];
  const current = categories.find((c) => c.slug === category || String(c.id) === category) ?? null;
  return {
    categories,
    current,
    posts: posts.items ?? [],
    count: Number(posts.count ?? 0),
    paged: Boolean(lastId),
  };
}

function CategoryFilter({
  categories,
  current,
}: {
  categories: BlogCategory[];
  current: BlogCategory | null;
}) {
  const items = [{ slug: '', name: 'All posts' }, ...categories];
  return (
    <nav aria-label="Blog categories" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {items.map((c) => {
          const active = (current?.slug ?? '') === c.slug;
          return (
            <li key={c.slug || 'all'} className="shrink-0">
              <Link
                to={c.slug ? `/blogs?category=${c.slug}` : '/blogs'}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:border-brand-700'}`}
              >
                {c.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function PostCard({ post, eager }: { post: BlogPostItem; eager: boolean }) {
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden">
      <Photo
        src={post.cover_url}
        alt=""
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[1200/630] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {post.category_name}
        </p>
        <h2 className="text-lg font-bold leading-snug text-gray-900">
          <Link
            to={`/blogs/blog/${post.slug}`}
            className="after:absolute after:inset-0 group-hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-gray-700">{post.excerpt}</p>
        <p className="mt-auto pt-2 text-xs text-gray-600">
          <span>{post.author}</span> ·{' '}
          <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
        </p>
      </div>
    </article>
  );
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { categories, current, posts, count, paged } = loaderData;
  const last = posts[posts.length - 1];
  const more = !!last && posts.length >= 50;
  return (
    <main id="main" className="container-page py-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{current ? current.name : 'Blogs'}</h1>
      <p className="mt-1 max-w-2xl text-gray-700">
        Guides and tips for Nigerian drivers: buying the right part, car care through harmattan and
        rainy season, and staying safe on the road.
      </p>
      <div className="mt-4">
        <CategoryFilter categories={categories} current={current} />
      </div>
      <p className="sr-only" aria-live="polite">{`${count} posts`}</p>
      {posts.length === 0 ? (
        <div className="card mt-6 p-6 text-center">
          <p className="font-semibold">No posts in this category yet.</p>
          <Link to="/blogs" className="btn-ghost mt-3">
            See all posts
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p, i) => (
            <li key={p.id}>
              <PostCard post={p} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      {(more || paged) && (
        <nav aria-label="More posts" className="mt-6 flex justify-center gap-3">
          {paged && (
            <Link className="btn-ghost" to={`/blogs${toQuery({ category: current?.slug })}`}>
              Newest posts
            </Link>
          )}
          {more && (
            <Link
              className="btn-ghost"
              to={`/blogs${toQuery({ category: current?.slug, lastId: last.id })}`}
            >
              Older posts
            </Link>
          )}
        </nav>
      )}
    </main>
  );
}
