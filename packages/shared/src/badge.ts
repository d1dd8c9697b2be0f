// A business without a logo of its own is shown by a badge: its initials on a colour drawn from
// its name. The server draws it as an SVG (GET /images/sp/:id.svg, for links and sharing); the
// lists draw it in HTML from the same two functions, so both agree and a list costs no request
// and no SVG document per card.

const SKIP = new Set([
  'and',
  'the',
  'of',
  '&',
  'ltd',
  'limited',
  'nig',
  'nigeria',
  'enterprises',
  'ventures',
]);

/** Two letters for a business name: 'Ladipo Auto Clinic' → 'LA'. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !SKIP.has(w.toLowerCase()));
  if (words.length === 0) return '?';
  return (words.length > 1 ? words[0][0] + words[1][0] : words[0].slice(0, 2)).toUpperCase();
}

/** The badge's background: a hue from the name (FNV-1a), mid-dark so white letters read well. */
export function badgeColour(name: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return `hsl(${(h >>> 0) % 360} 50% 32%)`;
}
