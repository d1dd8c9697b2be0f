// Shapes of the content API as the pages read them: derived from the API's response schemas.
export type {
  BlogCategory,
  BlogComment,
  BlogPost,
  BlogPostItem,
  StaticPage,
  StaticSection,
} from '@sf/api/types';

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
