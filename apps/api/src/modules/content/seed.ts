import fs from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { coverKey } from './covers.ts';
import { contentFile } from './static-pages.ts';

interface BlogsFile {
  categories: { id: number; name: string; slug: string }[];
  posts: {
    slug: string;
    title: string;
    categoryId: number;
    author: string;
    publishedAt: string;
    excerpt: string;
    coverColor: string;
    body: string;
  }[];
}

export const readBlogs = () =>
  JSON.parse(fs.readFileSync(contentFile('blogs.json'), 'utf8')) as BlogsFile;

/** A few friendly demo comments, linked to demo users when the accounts seeder made them. */
const DEMO_COMMENTS: { post: string; email: string; body: string }[] = [
  {
    post: 'how-to-spot-fake-brake-pads',
    email: 'buyer@demo.ng',
    body: 'The weight test saved me last month. The "original" pads at the roadside were half the weight of the ones from the dealer.',
  },
  {
    post: 'how-to-spot-fake-brake-pads',
    email: 'mechanic@demo.ng',
    body: 'Also check the backing plate: fake ones bend easily and the friction material peels off the edge.',
  },
  {
    post: 'harmattan-car-care',
    email: 'buyer@demo.ng',
    body: 'Changed my cabin filter after reading this. The old one was brown with dust. The AC smells fresh again.',
  },
  {
    post: 'what-a-tow-costs-in-lagos-and-abuja',
    email: 'towvan@demo.ng',
    body: 'Always agree the price before the hook goes on, and ask if the price includes the trip back to base.',
  },
];

/** Demo blog categories, the 16 posts of the content file and a few comments. Idempotent. */
export async function seedContent(db: Db) {
  const { categories, posts } = readBlogs();
  await db.insert(s.blogCategories).values(categories).onConflictDoNothing();
  const names = new Map(categories.map((c) => [c.id, c.name]));
  await db
    .insert(s.blogPosts)
    .values(
      posts.map((p) => ({
        slug: p.slug,
        title: p.title,
        categoryId: p.categoryId,
        author: p.author,
        publishedAt: new Date(`${p.publishedAt}T08:00:00Z`),
        excerpt: p.excerpt,
        coverColor: p.coverColor,
        coverKey: coverKey(p.slug, p.coverColor, p.title, names.get(p.categoryId) ?? ''),
        body: p.body,
      })),
    )
    .onConflictDoNothing({ target: s.blogPosts.slug });

  const [existing] = await db.select({ id: s.blogComments.id }).from(s.blogComments).limit(1);
  if (existing) return;
  const users = await db
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.email, [...new Set(DEMO_COMMENTS.map((c) => c.email))]));
  const userByEmail = new Map(users.map((u) => [u.email, u.id]));
  for (const c of DEMO_COMMENTS) {
    const userId = userByEmail.get(c.email);
    if (!userId) continue; // accounts not seeded (yet): leave the comment out
    const [post] = await db
      .select({ id: s.blogPosts.id })
      .from(s.blogPosts)
      .where(eq(s.blogPosts.slug, c.post));
    if (post) await db.insert(s.blogComments).values({ postId: post.id, userId, body: c.body });
  }
}
