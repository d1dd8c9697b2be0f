import { Text } from '../../lib/schemas.ts';

/** The kinds of sitemap, each a list of public pages of one kind. */
export const SITEMAP_KINDS = [
  'products',
  'stores',
  'mechanics',
  'towvans',
  'blog',
  'categories',
] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The name of one sitemap the index names: pages.xml, products-1.xml … */
const FILE = `^(pages|(${SITEMAP_KINDS.join('|')})-[1-9]\\d{0,4})\\.xml$`;

export const sitemapFileParams = {
  type: 'object',
  required: ['file'],
  properties: { file: Text({ maxLength: 40, pattern: FILE }) },
} as const;
