import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { defineSchedule } from './jobs.ts';
import { removeFiles } from './uploads.ts';

/**
 * How long finished work is kept before the daily clean-up removes it. Long enough for staff to
 * look into yesterday's problem; short enough that the tables the server reads on every request
 * (sessions, the job queue) stay small. Failed jobs are never removed here: staff retry or
 * discard them (the failed-jobs page).
 */
export const KEEP = {
  finishedJobsDays: 14,
  outboxDays: 30,
  expiredSessionsDays: 1,
  usedResetLinksDays: 1,
  /** Sign-in codes by SMS live 10 minutes; their rows are kept a day for staff to look into. */
  expiredPhoneCodesDays: 1,
  /** An upload no record names: a request that died between storing files and committing. */
  orphanedUploadsDays: 2,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

async function count(db: Db, q: ReturnType<typeof sql>): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`with gone as (${q} returning 1) select count(*)::int as n from gone`,
  );
  return Number(r[0]?.n ?? 0);
}

/** Removes finished jobs, old outbox mail, expired sessions and used reset links past their age. */
export async function pruneTables(db: Db, keep = KEEP) {
  return {
    jobs: await count(
      db,
      sql`delete from jobs where done_at is not null and done_at < ${ago(keep.finishedJobsDays)}`,
    ),
    outbox: await count(db, sql`delete from outbox where created_at < ${ago(keep.outboxDays)}`),
    sessions: await count(
      db,
      sql`delete from sessions where expires_at < ${ago(keep.expiredSessionsDays)}`,
    ),
    resetLinks: await count(
      db,
      sql`delete from password_reset_tokens where expires_at < ${ago(keep.usedResetLinksDays)}`,
    ),
    phoneCodes: await count(
      db,
      sql`delete from phone_codes where expires_at < ${ago(keep.expiredPhoneCodesDays)}`,
    ),
  };
}

/** Picture files are `<key>-<width or size>.webp`; logos `logos/l-<hex>-<size>.webp`. */
const PICTURE = /^([a-z0-9]+-[a-f0-9]{6,32})-[a-z0-9]+\.webp$/;
const LOGO = /^logos\/(l-[a-f0-9]{16})-\d+\.webp$/;
/** Sharing cards drawn from a product picture: `og/<picture key>-o<version>.jpg`. */
const CARD = /^og\/([a-z0-9-]+)-o\d+\.jpg$/;

/**
 * Removes uploaded files that no record names and that are older than the set age. Only the
 * kinds of file whose owners are known are touched (pictures, logos, the sharing cards drawn
 * from pictures); anything else in the
 * storage (import files, files of a later version) is left alone, so a mistake here can never
 * take a file someone still shows.
 */
export async function pruneOrphanedUploads(
  app: FastifyInstance,
  keepDays = KEEP.orphanedUploadsDays,
) {
  const before = Date.now() - keepDays * DAY_MS;
  const pictures = new Set(
    (
      await rows<{ k: string }>(
        app.db,
        sql`select key as k from product_images
            union select photo_key from reviews where photo_key is not null
            union select photo_key from dispute_messages where photo_key is not null
            union select photo_key from requests where photo_key is not null`,
      )
    ).map((r) => r.k),
  );
  const logoRefs = (
    await rows<{ u: string }>(
      app.db,
      sql`select logo as u from stores where logo is not null
          union select company_logo from service_providers where company_logo is not null
          union select image from categories where image like '/images/logos/%'`,
    )
  ).map((r) => r.u);
  const logos = new Set(logoRefs.map((u) => /l-[a-f0-9]{16}/.exec(u)?.[0]).filter(Boolean));
  const orphans: string[] = [];
  for await (const f of app.storage.list()) {
    if (f.modifiedAt.getTime() > before) continue;
    const picture = PICTURE.exec(f.name);
    if (picture && !f.name.includes('/') && !pictures.has(picture[1])) orphans.push(f.name);
    const logo = LOGO.exec(f.name);
    if (logo && !logos.has(logo[1])) orphans.push(f.name);
    const card = CARD.exec(f.name);
    if (card && !pictures.has(card[1])) orphans.push(f.name);
  }
  await removeFiles(app.storage, orphans);
  return orphans.length;
}

/** The daily clean-up, on whichever process claims it (a schedule in the job table). */
defineSchedule('hygiene.daily', DAY_MS, async ({ app }) => {
  const removed = await pruneTables(app.db);
  const files = await pruneOrphanedUploads(app);
  app.log.info({ ...removed, files }, 'daily clean-up');
});
