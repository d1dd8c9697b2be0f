import type { StaticPage, StaticSection } from '@sf/api/types';
import { formStatus, serverApi, throwUnlessOk } from './api.server.ts';

const SLUG = /^[A-Za-z0-9-]{1,60}$/;

export async function loadPages(context: unknown) {
  const ans =
    await serverApi(context).get<Pick<StaticPage, 'slug' | 'title' | 'updated_at'>>(
      '/api/admin/pages',
    );
  throwUnlessOk(ans, { what: 'Help pages' });
  return ans.items ?? [];
}

export async function loadPage(context: unknown, slug: string) {
  const ans = await serverApi(context).get<never>(
    `/api/admin/pages/${SLUG.test(slug) ? slug : 'none'}`,
  );
  throwUnlessOk(ans, { what: 'Help page', invalidIsMissing: true });
  return { item: ans.item as StaticPage, sections: ans.sections as StaticSection[] };
}

/** The edit form: sections come as heading-N / body-N pairs, in order; empty pairs are dropped. */
export async function savePage(context: unknown, slug: string, f: FormData) {
  const sections: { heading: string; body: string }[] = [];
  for (let i = 0; i < 61 && f.has(`heading-${i}`); i++)
    sections.push({
      heading: String(f.get(`heading-${i}`) ?? ''),
      body: String(f.get(`body-${i}`) ?? '').replace(/\r\n/g, '\n'),
    });
  const ans = await serverApi(context).put(`/api/admin/pages/${SLUG.test(slug) ? slug : 'none'}`, {
    title: String(f.get('title') ?? ''),
    summary: String(f.get('summary') ?? ''),
    body: String(f.get('body') ?? '').replace(/\r\n/g, '\n'),
    sections,
    note: String(f.get('note') ?? '').trim() || undefined,
  });
  return {
    ok: ans.status,
    message: ans.status
      ? 'Saved: the public page shows it now'
      : (ans.message ?? 'That did not work: please try again'),
    status: ans.status ? 200 : formStatus(ans),
  };
}
