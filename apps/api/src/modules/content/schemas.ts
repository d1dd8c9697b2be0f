import { COMMENT_MAX, CONTACT_LIMITS } from '@sf/shared';
import { Id, Int, Obj, Text, envelope, okStatus } from '../../lib/schemas.ts';

const slugPattern = '^[A-Za-z0-9-]{1,120}$';
export const idOrSlugParam = {
  type: 'object',
  required: ['id'],
  properties: {
    id: Text({ maxLength: 120, pattern: slugPattern, description: 'The numeric id or the slug' }),
  },
  additionalProperties: false,
} as const;
export const slugParam = {
  type: 'object',
  required: ['slug'],
  properties: { slug: Text({ maxLength: 60, pattern: '^[A-Za-z0-9-]{1,60}$' }) },
  additionalProperties: false,
} as const;

export const blogListQuery = {
  type: 'object',
  properties: {
    category: Text({
      maxLength: 60,
      pattern: '^[A-Za-z0-9-]*$',
      description: 'Category id or slug; empty or 0 for all',
    }),
    lastId: Id({ description: 'Cursor: the id of the last post of the previous page' }),
    pagesize: Int({ minimum: 1, maximum: 50, default: 50 }),
  },
  additionalProperties: false,
} as const;

export const categoryItem = Obj({
  id: { type: 'integer' },
  name: { type: 'string' },
  slug: { type: 'string' },
});

const postProps = {
  id: { type: 'integer' },
  slug: { type: 'string' },
  title: { type: 'string' },
  excerpt: { type: 'string' },
  author: { type: 'string' },
  published_at: { type: 'string' },
  category_id: { type: 'integer' },
  category_name: { type: 'string' },
  category_slug: { type: 'string' },
  cover_color: { type: 'string' },
  cover_url: { type: 'string' },
  share_image_url: { type: 'string' },
} as const;
export const postItem = Obj(postProps);
export const postFull = Obj({
  ...postProps,
  body: {
    type: 'string',
    description: 'Restricted Markdown: paragraphs, "## " subheadings, "- " bullets, **bold**',
  },
});

export const commentItem = Obj({
  id: { type: 'integer' },
  post_id: { type: 'integer' },
  body: { type: 'string' },
  author_name: { type: 'string' },
  created_at: { type: 'string' },
});

export const commentBody = {
  type: 'object',
  required: ['body'],
  // Longer than the limit so that the service answers with its own clear message.
  properties: { body: Text({ multiline: true, maxLength: COMMENT_MAX * 4 }) },
  additionalProperties: false,
} as const;

export const pageItem = Obj({
  slug: { type: 'string' },
  title: { type: 'string' },
  summary: { type: 'string' },
  body: { type: 'string' },
  updated_at: { type: 'string' },
});
export const sectionItem = Obj({
  position: { type: 'integer' },
  heading: { type: 'string' },
  body: { type: 'string' },
});

export const postsReply = Obj({
  status: okStatus,
  items: { type: 'array', items: postItem },
  count: { type: 'integer', description: 'Posts in the category' },
});
export const commentsReply = Obj({
  status: okStatus,
  items: { type: 'array', items: commentItem },
  canComment: { type: 'boolean' },
});
export const categoriesReply = envelope(categoryItem);
export const postReply = envelope(postFull);
export const commentReply = envelope(commentItem);
export const pageReply = envelope(pageItem);
export const sectionsReply = envelope(sectionItem);

export const newsletterBody = {
  type: 'object',
  properties: { emailAddress: Text({ maxLength: CONTACT_LIMITS.email.max * 4 }) },
  additionalProperties: false,
} as const;

export const contactBody = {
  type: 'object',
  properties: {
    // One line each: a line break in these would forge lines in the mail to support.
    name: Text({ maxLength: CONTACT_LIMITS.name.max * 4 }),
    email: Text({ maxLength: CONTACT_LIMITS.email.max * 4 }),
    phone: Text({ maxLength: 100 }),
    subject: Text({ maxLength: CONTACT_LIMITS.subject.max * 4 }),
    message: Text({ multiline: true, maxLength: CONTACT_LIMITS.message.max * 4 }),
  },
  additionalProperties: false,
} as const;

export const statusMessage = Obj(
  {
    status: okStatus,
    message: { type: 'string' },
    id: { type: 'integer', description: 'The stored message (contact form)' },
  },
  ['id'],
);
