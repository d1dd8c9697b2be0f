import { badgeColour, initials } from '@sf/shared';
import type { Db } from '@sf/db';
import { providersRepository } from './repository.ts';

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round badge with the initials on a colour derived from the name (@sf/shared's badge.ts). */
export function providerBadge(name: string): string {
  const text = escapeXml(initials(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${badgeColour(name)}"/><circle cx="48" cy="48" r="41" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><text x="48" y="59" font-family="system-ui,sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}

/** The badge of a provider by id, or undefined when there is no such provider. */
export async function providerLogo(db: Db, spId: number): Promise<string | undefined> {
  const name = await providersRepository(db).name(spId);
  return name === undefined ? undefined : providerBadge(name);
}
