import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { adminPagesRepository } from './admin-pages-repository.ts';
import type { StaticPage, StaticSection } from './types.ts';

// Staff edit the 15 help pages (/static/{slug}): title, summary, body and the ordered sections,
// in the restricted Markdown the public page renders as text (components/rich-text.tsx). The
// write clears the guest page cache like any successful write (web.ts): the page shows it at once.

export interface PageInput {
  title: string;
  summary: string;
  body: string;
  sections: { heading: string; body: string }[];
  note?: string;
}

async function read(
  db: Db,
  slug: string,
): Promise<{ item: StaticPage; sections: StaticSection[] }> {
  const repo = adminPagesRepository(db);
  const p = await repo.page(slug);
  if (!p) throw notFound(`No help page /static/${slug}`);
  const sections = await repo.sections(slug);
  return {
    item: {
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      body: p.body,
      updated_at: p.updatedAt.toISOString(),
    },
    sections,
  };
}

export function adminPagesService(db: Db) {
  return {
    list: async () =>
      (await adminPagesRepository(db).list()).map((p) => ({
        slug: p.slug,
        title: p.title,
        updated_at: p.updatedAt.toISOString(),
      })),

    /** One page with its sections; the slug is read in lower case. */
    read: (slug: string) => read(db, slug.toLowerCase()),

    /** Replaces the page's text and its sections (in the order given; empty ones dropped). */
    update: (me: SessionUser, rawSlug: string, input: PageInput) =>
      transaction(db, async (tx) => {
        const repo = adminPagesRepository(tx);
        const slug = rawSlug.toLowerCase();
        if (!(await repo.lock(slug))) throw notFound(`No help page /static/${slug}`);
        const before = await read(tx, slug);
        const sections = input.sections
          .map((x) => ({ heading: x.heading.trim(), body: x.body.trim() }))
          .filter((x) => x.heading || x.body);
        await repo.updatePage(slug, {
          title: input.title.trim(),
          summary: input.summary.trim(),
          body: input.body.trim(),
        });
        await repo.replaceSections(slug, sections);
        const after = await read(tx, slug);
        const strip = (r: typeof before) => ({
          title: r.item.title,
          summary: r.item.summary,
          body: r.item.body,
          sections: r.sections.map((x) => ({ heading: x.heading, body: x.body })),
        });
        const diff = changedFields(strip(before), strip(after));
        if (Object.keys(diff.after).length)
          await recordAudit(tx, {
            actorId: me.id,
            action: 'page.update',
            targetType: 'page',
            targetId: slug,
            ...diff,
            note: input.note,
          });
        return after;
      }),
  };
}

export type AdminPagesService = ReturnType<typeof adminPagesService>;
