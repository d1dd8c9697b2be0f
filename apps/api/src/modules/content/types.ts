// The answers of the blog, help-page, newsletter and contact routes, derived from their schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type {
  categoryItem,
  commentItem,
  commentsReply,
  pageItem,
  postFull,
  postItem,
  postsReply,
  sectionItem,
  statusMessage,
} from './schemas.ts';
import type {
  adminCategory,
  adminComment,
  adminPost,
  adminPostFull,
  contactItem,
  contactListItem,
  subscriber,
} from './admin-schemas.ts';

export type BlogCategory = FromSchema<typeof categoryItem>;
/** A post in a list (no body). */
export type BlogPostItem = FromSchema<typeof postItem>;
/** One post with its body (restricted Markdown). */
export type BlogPost = FromSchema<typeof postFull>;
export type BlogPostsAnswer = FromSchema<typeof postsReply>;
export type BlogComment = FromSchema<typeof commentItem>;
export type BlogCommentsAnswer = FromSchema<typeof commentsReply>;
export type StaticPage = FromSchema<typeof pageItem>;
export type StaticSection = FromSchema<typeof sectionItem>;
/** The newsletter's and the contact form's answer. */
export type StatusMessage = FromSchema<typeof statusMessage>;

// Staff's view of the blog, the newsletter and the contact messages (admin-blog-routes.ts, admin-inbox-routes.ts).
export type AdminBlogPost = FromSchema<typeof adminPost>;
export type AdminBlogPostFull = FromSchema<typeof adminPostFull>;
export type AdminBlogCategory = FromSchema<typeof adminCategory>;
export type AdminBlogComment = FromSchema<typeof adminComment>;
export type AdminSubscriber = FromSchema<typeof subscriber>;
export type AdminContactListItem = FromSchema<typeof contactListItem>;
export type AdminContactMessage = FromSchema<typeof contactItem>;
