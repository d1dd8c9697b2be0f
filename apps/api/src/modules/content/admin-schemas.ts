import { Obj, nullable } from '../../lib/schemas.ts';

// The answers of the staff content routes (admin-blog-routes.ts, admin-inbox.ts), apart from the routes
// so that their types can be derived for the web app without the server's code.

const str = { type: 'string' } as const;
const nStr = nullable(str);
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

export const adminPost = Obj({
  id: int,
  slug: str,
  title: str,
  categoryId: int,
  categoryName: str,
  author: str,
  excerpt: str,
  coverColor: str,
  coverUrl: str,
  published: bool,
  publishedAt: nStr,
  updatedAt: str,
  comments: int,
  url: str,
});
export const adminPostFull = Obj({ ...adminPost.properties, body: str });
export const adminCategory = Obj({ id: int, name: str, slug: str, posts: int });
export const adminComment = Obj({
  id: int,
  postId: int,
  postTitle: str,
  postSlug: str,
  body: str,
  authorName: str,
  authorEmail: str,
  createdAt: str,
  hidden: bool,
  approved: bool,
});

export const subscriber = Obj({ id: int, email: str, source: str, createdAt: str });
const contactSummary = {
  id: int,
  name: str,
  email: str,
  subject: str,
  createdAt: str,
  answered: bool,
  answeredAt: nStr,
  answeredBy: nStr,
} as const;
export const contactListItem = Obj({ ...contactSummary, preview: str });
export const contactItem = Obj({
  ...contactSummary,
  phone: nStr,
  message: str,
  ip: str,
  userId: nStr,
});
