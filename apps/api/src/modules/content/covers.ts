import crypto from 'node:crypto';
import type { Db } from '@sf/db';
import { contentRepository } from './repository.ts';

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Bump when the drawing below changes, so cached covers are not reused. */
const COVER_VERSION = 2;

/** Names a post's cover: changes whenever what is drawn changes, so the image can be cached for ever. */
export function coverKey(slug: string, color: string, title: string, category: string): string {
  const h = crypto
    .createHash('sha256')
    .update(`${COVER_VERSION}|${color}|${title}|${category}`)
    .digest('hex')
    .slice(0, 10);
  return `${slug}-${h}`;
}

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** Words into lines of at most `width` characters; at most `max` lines, the last one ellipsised. */
export function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1].replace(/[\s,.:;]+$/, '')}…`;
    return kept;
  }
  return lines;
}

/** A 1200x630 cover (the size sharing cards use) drawn from the post's colour, category and title. */
export function coverSvg(color: string, title: string, category: string): string {
  const bg = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#0a5c33';
  // Whichever of white or near-black text contrasts better with the background.
  const L = luminance(bg);
  const fg = (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? '#111827' : '#ffffff';
  const lines = wrap(title, 24, 4);
  const size = lines.length > 3 ? 58 : 64;
  const lineHeight = size * 1.18;
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  const text = lines
    .map(
      (l, i) =>
        `<text x="80" y="${Math.round(top + i * lineHeight)}" font-size="${size}" font-weight="800">${escapeXml(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<rect width="1200" height="630" fill="${bg}"/>` +
    `<circle cx="1080" cy="90" r="220" fill="${fg}" opacity=".08"/><circle cx="1130" cy="560" r="140" fill="${fg}" opacity=".06"/>` +
    `<g fill="none" stroke="${fg}" stroke-width="10" opacity=".16" stroke-linecap="round"><circle cx="1010" cy="470" r="70"/><circle cx="1010" cy="470" r="22"/>` +
    `<path d="M1010 380v-22M1010 582v-22M920 470h-22M1122 470h-22M946 406l-15-15M1089 549l-15-15M946 534l-15 15M1089 391l-15 15"/></g>` +
    `<g font-family="DejaVu Sans,system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" fill="${fg}">` +
    `<text x="80" y="110" font-size="34" font-weight="700" letter-spacing="3" opacity=".9">${escapeXml(category.toUpperCase())}</text>` +
    text +
    `<text x="80" y="560" font-size="32" font-weight="700">SpareFinder NG</text></g></svg>`
  );
}

/** The cover (SVG) named by a post's cover key, or undefined when no post has that key. */
export async function coverImage(db: Db, key: string): Promise<string | undefined> {
  const post = await contentRepository(db).postByCoverKey(key);
  return post && coverSvg(post.coverColor, post.title, post.categoryName);
}
