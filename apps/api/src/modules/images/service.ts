import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE } from '@sf/shared';
import { placeholderOf } from '../../lib/uploads.ts';
import { categoryIcon } from './category-icons.ts';

export const heightFor = (w: number) => Math.round((w * 3) / 4);

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hue = (s: string) => (crypto.createHash('md5').update(s).digest()[0] * 360) / 256;

/** A deterministic tile colour from a name: pleasant, mid-dark, good contrast with white. */
export function tileColour(name: string): string {
  const h = crypto.createHash('md5').update(name).digest();
  return `hsl(${((h[0] * 360) / 256) | 0} 45% 35%)`;
}

/**
 * A small SVG tile: a category's icon, else the initials of the slug (stores, new categories).
 * Generated here, nothing downloaded.
 */
export function tile(slug: string, withIcon: boolean): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${tileShapes(slug, withIcon)}</svg>`;
}

/** What a tile draws, in a 96 x 96 box at the origin. */
function tileShapes(slug: string, withIcon: boolean): string {
  const words = slug
    .replace(/[-_/]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const initials = escapeXml(
    (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase(),
  );
  const icon = withIcon ? categoryIcon(slug) : null;
  const picture = icon
    ? `<g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${icon}</g>`
    : `<text x="48" y="58" font-family="system-ui,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>`;
  return `<rect width="96" height="96" rx="12" fill="${tileColour(slug)}"/>${picture}`;
}

/**
 * Every category tile in one SVG, each a <symbol> named by its slug: a grid draws one with
 * `<svg><use href="/images/category-tiles.svg#brakes"/></svg>`, and a page with 37 tiles fetches
 * one file instead of 37 (categoryImageUrl's single files stay for everything else). Symbols, not
 * <view>s of one tall picture: an <img> of a view paints the whole sheet and crops it, so 37 tiles
 * painted 37 sheets, 0.6-2 ms each on the main thread at every repaint of the home page.
 */
export function tileSheet(slugs: string[]): string {
  const parts = slugs.map(
    (slug) =>
      `<symbol id="${escapeXml(slug)}" viewBox="0 0 96 96">${tileShapes(slug, true)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** Splits a label into at most two lines of ~16 characters for the picture. */
function lines(label: string): string[] {
  const words = label.split(/\s+/);
  const out: string[] = [''];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && (cur + ' ' + w).length > 16 && out.length < 2) out.push(w);
    else out[out.length - 1] = cur ? `${cur} ${w}` : w;
  }
  return out;
}

/**
 * A product picture drawn locally: a coloured card with a simple part silhouette and the part name.
 * `variant` changes colour and layout so products of one category do not all look the same.
 */
export function productSvg(label: string, group: string, variant: number, width = 640): string {
  const h = (hue(group) + variant * 47) % 360;
  const bg1 = `hsl(${h} 40% 92%)`;
  const bg2 = `hsl(${h} 45% 80%)`;
  const ink = `hsl(${h} 55% 28%)`;
  const ls = lines(label);
  const cx = [320, 220, 420][variant % 3];
  const shape = [
    `<circle cx="${cx}" cy="190" r="110" fill="none" stroke="${ink}" stroke-width="26"/><circle cx="${cx}" cy="190" r="38" fill="${ink}"/>`,
    `<rect x="${cx - 150}" y="95" width="300" height="190" rx="36" fill="${ink}" opacity="0.85"/><rect x="${cx - 110}" y="135" width="220" height="110" rx="20" fill="${bg1}"/>`,
    `<path d="M${cx - 160} 260 L${cx} 80 L${cx + 160} 260 Z" fill="${ink}" opacity="0.85"/><circle cx="${cx}" cy="205" r="42" fill="${bg1}"/>`,
  ][variant % 3];
  const text = ls
    .map(
      (l, i) =>
        `<text x="320" y="${ls.length === 1 ? 400 : 375 + i * 52}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${heightFor(width)}" viewBox="0 0 640 480"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs><rect width="640" height="480" fill="url(#g)"/>${shape}${text}</svg>`;
}

/** The blurred 10x10 placeholder of a drawn picture (the same as an upload's), as a data URI. */
export const placeholderFor = (svg: string) => placeholderOf(Buffer.from(svg));

const inflight = new Map<string, Promise<string>>();

/** Writes `<key>-<width>.webp` into dir (once; concurrent callers share the work) and returns its path. */
export function renderToFile(
  dir: string,
  key: string,
  width: number,
  svg: () => string,
): Promise<string> {
  const file = path.join(dir, `${key}-${width}.webp`);
  if (fs.existsSync(file)) return Promise.resolve(file);
  let p = inflight.get(file);
  if (!p) {
    p = (async () => {
      await fs.promises.mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await sharp(Buffer.from(svg()))
        .resize(width, heightFor(width))
        .webp({ quality: IMAGE.quality })
        .toFile(tmp);
      await fs.promises.rename(tmp, file);
      return file;
    })().finally(() => inflight.delete(file));
    inflight.set(file, p);
  }
  return p;
}

/** Variants of a generated picture per category (colour and layout): keys g-<catId>-1 to -3. */
export const GENERATED_VARIANTS = 3;

/**
 * Parses a generated key `g-<catId>-<variant>`. Only the spelling the generator writes (no
 * leading zeros) and only its variants: every other spelling would be one more file drawn and
 * stored for the same picture.
 */
export function parseGeneratedKey(key: string): { catId: number; variant: number } | null {
  const m = /^g-([1-9]\d{0,5})-([1-9]\d?)$/.exec(key);
  if (!m || Number(m[2]) > GENERATED_VARIANTS) return null;
  return { catId: Number(m[1]), variant: Number(m[2]) };
}
