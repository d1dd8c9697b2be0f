// Shapes of the content API (apps/api/src/modules/content) as the pages read them.
export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
}
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  published_at: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  cover_color: string;
  cover_url: string;
  share_image_url: string;
  body?: string;
}
export interface BlogComment {
  id: number;
  post_id: number;
  body: string;
  author_name: string;
  created_at: string;
}
export interface StaticPage {
  slug: string;
  title: string;
  summary: string;
  body: string;
  updated_at: string;
}
export interface StaticSection {
  position: number;
  heading: string;
  body: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '14 September 2026' in Lagos time; the same on server and browser (no locale data involved). */
export function formatDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 3_600_000); // WAT is UTC+1 all year
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
