import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq, and, gt, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { referenceDir } from '@sf/db/reference';

interface PageFile {
  slug: string;
  title: string;
  summary: string;
  body: string;
  sections: { position: number; heading: string; body: string }[];
}

export const contentFile = (name: string) => path.join(referenceDir(), 'content', name);

/**
 * The product's 15 help pages (/static/{slug}) from the committed content file: loaded at every
 * start-up, with or without demo data. Idempotent, and skipped when the file has not changed
 * since the last load (its hash is kept in `meta`), so edits made later in the database stay.
 */
export async function loadStaticPages(db: Db, opts: { force?: boolean } = {}): Promise<boolean> {
  const text = fs.readFileSync(contentFile('static-pages.json'), 'utf8');
  const hash = crypto.createHash('sha256').update(text).digest('hex');
  const [current] = await db.select().from(s.meta).where(eq(s.meta.key, 'static_pages_hash'));
  if (!opts.force && current?.value === hash) return false;
  const pages = JSON.parse(text) as PageFile[];
  await db.transaction(async (tx) => {
    for (const p of pages) {
      await tx
        .insert(s.staticPages)
        .values({ slug: p.slug, title: p.title, summary: p.summary, body: p.body })
        .onConflictDoUpdate({
          target: s.staticPages.slug,
          set: { title: p.title, summary: p.summary, body: p.body, updatedAt: sql`now()` },
        });
      for (const sec of p.sections) {
        await tx
          .insert(s.staticSections)
          .values({ slug: p.slug, position: sec.position, heading: sec.heading, body: sec.body })
          .onConflictDoUpdate({
            target: [s.staticSections.slug, s.staticSections.position],
            set: { heading: sec.heading, body: sec.body },
          });
      }
      const last = Math.max(0, ...p.sections.map((x) => x.position));
      await tx
        .delete(s.staticSections)
        .where(and(eq(s.staticSections.slug, p.slug), gt(s.staticSections.position, last)));
    }
    await tx
      .insert(s.meta)
      .values({ key: 'static_pages_hash', value: hash })
      .onConflictDoUpdate({ target: s.meta.key, set: { value: hash } });
  });
  return true;
}
