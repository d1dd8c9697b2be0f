import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signIn('Admin');
  admin = { cookie: a.cookie, id: a.user.id };
});
afterAll(() => t?.close());

describe(`admin: help pages (${dbLabel()})`, () => {
  it('edits a page and its sections; the public API shows it at once; audited', async () => {
    const list = await t.call('GET', '/api/admin/pages', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(15);
    const faq = await t.call('GET', '/api/admin/pages/faq', { cookie: admin.cookie });
    expect(faq.status).toBe(200);
    expect(faq.body.sections.length).toBeGreaterThan(1);
    const put = await t.call('PUT', '/api/admin/pages/FAQ', {
      cookie: admin.cookie,
      body: {
        title: 'Questions and answers',
        summary: faq.body.item.summary,
        body: 'We answer **within a day**.\n\n<script>alert(1)</script>',
        sections: [
          { heading: 'Is Tokunbo used?', body: 'Yes: foreign-used.' },
          { heading: '', body: '' },
        ],
        note: 'Shorter FAQ',
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.sections).toEqual([
      { position: 1, heading: 'Is Tokunbo used?', body: 'Yes: foreign-used.' },
    ]);
    const pub = await t.call('GET', '/api/static/contents/faq');
    expect(pub.body.items[0].title).toBe('Questions and answers');
    // Stored as typed: the page renders it as text, never as HTML.
    expect(pub.body.items[0].body).toContain('<script>');
    const secs = await t.call('GET', '/api/static/sections/faq');
    expect(secs.body.items).toHaveLength(1);
    const log = await rows<{ action: string; actor_id: string; before: any; after: any }>(
      t.handle.db,
      sql`select action, actor_id, before, after from audit_log where target_type = 'page' and target_id = 'faq'`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'page.update', actor_id: admin.id });
    expect(log[0].before.title).toBe(faq.body.item.title);
    expect(log[0].after.title).toBe('Questions and answers');
    expect(log[0].after.sections).toHaveLength(1);
    expect(Object.keys(log[0].after)).not.toContain('summary');
    const missing = await t.call('PUT', '/api/admin/pages/nope', {
      cookie: admin.cookie,
      body: { title: 'x', summary: '', body: '', sections: [] },
    });
    expect(missing.status).toBe(404);
    const bad = await t.call('PUT', '/api/admin/pages/faq', {
      cookie: admin.cookie,
      body: { title: '', summary: '', body: '', sections: [] },
    });
    expect(bad.status).toBe(400);
  });
});
