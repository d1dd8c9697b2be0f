import crypto from 'node:crypto';
import type { Db } from '@sf/db';
import { providersRepository } from './repository.ts';

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
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

/** A round badge with the initials on a colour derived from the name: generated here, nothing downloaded. */
export function providerBadge(name: string): string {
  const h = crypto.createHash('md5').update(name).digest();
  const hue = ((h[0] * 360) / 256) | 0;
  const text = escapeXml(initials(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 50% 32%)"/><circle cx="48" cy="48" r="41" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><text x="48" y="59" font-family="system-ui,sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}

/** The badge of a provider by id, or undefined when there is no such provider. */
export async function providerLogo(db: Db, spId: number): Promise<string | undefined> {
  const name = await providersRepository(db).name(spId);
  return name === undefined ? undefined : providerBadge(name);
}
