import { and, desc, eq, gt } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { contentRepository } from './repository.ts';

// The staff side of the help pages (/static/{slug}): each page and its ordered sections.

export type StaticPageRow = typeof s.staticPages.$inferSelect;
export interface StaticSectionRow {
  position: number;
  heading: string;
  body: string;
}

export function adminPagesRepository(db: Db) {
  return {
    /** The pages, last changed first. */
    list: () =>
      db
        .select({
          slug: s.staticPages.slug,
          title: s.staticPages.title,
          updatedAt: s.staticPages.updatedAt,
        })
        .from(s.staticPages)
        .orderBy(desc(s.staticPages.updatedAt), s.staticPages.slug),

    page: async (slug: string): Promise<StaticPageRow | undefined> =>
      (await db.select().from(s.staticPages).where(eq(s.staticPages.slug, slug)))[0],

    /** The page's sections in order: the same query the public page reads. */
    sections: (slug: string): Promise<StaticSectionRow[]> => contentRepository(db).sections(slug),

    /** Whether the page exists, locking it for the rest of the transaction. */
    lock: async (slug: string) =>
      (
        await db
          .select({ slug: s.staticPages.slug })
          .from(s.staticPages)
          .where(eq(s.staticPages.slug, slug))
          .for('update')
      )[0],

    updatePage: (slug: string, set: { title: string; summary: string; body: string }) =>
      db
        .update(s.staticPages)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(s.staticPages.slug, slug)),

    /** Writes the sections in order (1, 2, …) and drops any numbered past the last. */
    async replaceSections(slug: string, sections: { heading: string; body: string }[]) {
      for (const [i, sec] of sections.entries())
        await db
          .insert(s.staticSections)
          .values({ slug, position: i + 1, heading: sec.heading, body: sec.body })
          .onConflictDoUpdate({
            target: [s.staticSections.slug, s.staticSections.position],
            set: { heading: sec.heading, body: sec.body },
          });
      await db
        .delete(s.staticSections)
        .where(
          and(eq(s.staticSections.slug, slug), gt(s.staticSections.position, sections.length)),
        );
    },
  };
}
