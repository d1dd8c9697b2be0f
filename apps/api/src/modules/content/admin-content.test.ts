import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { attentionCounts } from '../audit/attention.ts';
import { slugOf } from './admin-blog-service.ts';
import { safeCsvCell } from '../../lib/csv.ts';

let t: TestApp;
let admin: { cookie: string; id: string };
let buyer: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signIn('Admin');
  admin = { cookie: a.cookie, id: a.user.id };
  const b = await t.signIn('Buyer');
  buyer = { cookie: b.cookie, id: b.user.id };
});
afterAll(() => t?.close());

type Entry = { action: string; actor_id: string; before: any; after: any; note: string | null };
const trail = (type: string, id: string | number) =>
  rows<Entry>(
    t.handle.db,
    sql`select action, actor_id, before, after, note from audit_log
        where target_type = ${type} and target_id = ${String(id)} order by id`,
  );
const as = (cookie: string) => ({
  get: (url: string) => t.call('GET', url, { cookie }),
  post: (url: string, body: unknown = {}) => t.call('POST', url, { cookie, body }),
  patch: (url: string, body: unknown) => t.call('PATCH', url, { cookie, body }),
});

describe(`admin: blog posts, categories and comments (${dbLabel()})`, () => {
  let catId = 0;

  it('blog categories: add, rename, refuse a taken name, delete only when empty with confirm', async () => {
    const api = as(admin.cookie);
    const add = await api.post('/api/admin/blog/categories', { name: 'Road trips', note: 'new' });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.item).toMatchObject({ name: 'Road trips', slug: 'road-trips', posts: 0 });
    catId = add.body.item.id;
    const again = await api.post('/api/admin/blog/categories', { name: 'Road trips' });
    expect(again.status).toBe(409);
    const ren = await api.patch(`/api/admin/blog/categories/${catId}`, { name: 'Road travel' });
    expect(ren.status).toBe(200);
    expect(ren.body.item).toMatchObject({ name: 'Road travel', slug: 'road-trips' });
    const pub = await t.call('GET', '/api/blogs/categories');
    expect(pub.body.items.map((c: any) => c.name)).toContain('Road travel');
    // Deleting: refused without "I am sure", then done.
    const spare = await api.post('/api/admin/blog/categories', { name: 'Spare', slug: 'spare' });
    const noConfirm = await api.post(`/api/admin/blog/categories/${spare.body.item.id}/delete`, {});
    expect(noConfirm.status).toBe(400);
    const del = await api.post(`/api/admin/blog/categories/${spare.body.item.id}/delete`, {
      confirm: 'on',
    });
    expect(del.status).toBe(200);
    expect(
      (await api.patch(`/api/admin/blog/categories/${spare.body.item.id}`, { name: 'x y' })).status,
    ).toBe(404);
    const log = await trail('blogcategory', catId);
    expect(log.map((e) => e.action)).toEqual(['blogcategory.create', 'blogcategory.update']);
    expect(log[1]).toMatchObject({
      actor_id: admin.id,
      before: { name: 'Road trips' },
      after: { name: 'Road travel' },
    });
    expect((await trail('blogcategory', spare.body.item.id)).map((e) => e.action)).toEqual([
      'blogcategory.create',
      'blogcategory.delete',
    ]);
  });

  it('writes a draft (not public), edits it, publishes it (public), takes it down; all audited', async () => {
    const api = as(admin.cookie);
    const body =
      'Check the **tyres**.\n\n## Before you go\n\n- Water\n- Spare wheel\n\n<script>alert(1)</script>';
    const made = await api.post('/api/admin/blog/posts', {
      title: 'Lagos to Ibadan: 5 checks',
      categoryId: catId,
      excerpt: 'Before the expressway.',
      body,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const post = made.body.item;
    expect(post).toMatchObject({
      slug: 'lagos-to-ibadan-5-checks',
      published: false,
      publishedAt: null,
      author: expect.any(String),
      categoryName: 'Road travel',
    });
    // Stored as typed: the public page renders it as text, never as HTML.
    expect(post.body).toContain('<script>');
    expect((await t.call('GET', `/api/blogs/blog/${post.slug}`)).status).toBe(404);
    expect((await t.call('GET', `/api/blogs/blog/${post.id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/blogs?category=${catId}`)).body.count).toBe(0);
    const drafts = await api.get('/api/admin/blog/posts?state=draft');
    expect(drafts.body.items.map((p: any) => p.id)).toContain(post.id);

    const edit = await api.patch(`/api/admin/blog/posts/${post.id}`, {
      title: 'Lagos to Ibadan: six checks',
      coverColor: '#00897b',
      note: 'better title',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.item).toMatchObject({
      title: 'Lagos to Ibadan: six checks',
      coverColor: '#00897B',
    });
    expect(edit.body.item.coverUrl).not.toBe(post.coverUrl);
    const same = await api.patch(`/api/admin/blog/posts/${post.id}`, {
      title: 'Lagos to Ibadan: six checks',
    });
    expect(same.status).toBe(400);

    const publish = await api.post(`/api/admin/blog/posts/${post.id}/publish`, { published: true });
    expect(publish.status).toBe(200);
    expect(publish.body.item.published).toBe(true);
    expect(
      (await api.post(`/api/admin/blog/posts/${post.id}/publish`, { published: true })).status,
    ).toBe(409);
    const pub = await t.call('GET', `/api/blogs/blog/${post.slug}`);
    expect(pub.status).toBe(200);
    expect(pub.body.items[0].title).toBe('Lagos to Ibadan: six checks');
    const list = await t.call('GET', '/api/blogs');
    expect(list.body.items[0].id).toBe(post.id); // dated now: the newest post

    const down = await api.post(`/api/admin/blog/posts/${post.id}/publish`, {
      published: false,
      note: 'wrong date',
    });
    expect(down.status).toBe(200);
    expect((await t.call('GET', `/api/blogs/blog/${post.slug}`)).status).toBe(404);
    await api.post(`/api/admin/blog/posts/${post.id}/publish`, { published: true });

    // A taken slug is a 409 with words, not a 500.
    const dup = await api.post('/api/admin/blog/posts', {
      title: 'Other',
      slug: post.slug,
      categoryId: catId,
      excerpt: '',
      body: 'x',
    });
    expect(dup.status).toBe(409);
    const badCat = await api.post('/api/admin/blog/posts', {
      title: 'Other',
      categoryId: 999_999,
      excerpt: '',
      body: 'x',
    });
    expect(badCat.status).toBe(400);

    const log = await trail('post', post.id);
    expect(log.map((e) => e.action)).toEqual([
      'post.create',
      'post.update',
      'post.publish',
      'post.unpublish',
      'post.publish',
    ]);
    expect(log[1]).toMatchObject({
      actor_id: admin.id,
      before: { title: 'Lagos to Ibadan: 5 checks', coverColor: '#1E88E5' },
      after: { title: 'Lagos to Ibadan: six checks', coverColor: '#00897B' },
      note: 'better title',
    });
    expect(Object.keys(log[1].after).sort()).toEqual(['coverColor', 'title']);
    expect(log[3]).toMatchObject({ after: { publishedAt: null }, note: 'wrong date' });

    // A category with posts cannot go.
    const refused = await api.post(`/api/admin/blog/categories/${catId}/delete`, { confirm: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/move them/);
  });

  it('moderates comments: hide (leaves the post), approve (shows again), delete (confirm)', async () => {
    const api = as(admin.cookie);
    const [post] = (await api.get('/api/admin/blog/posts?state=published')).body.items;
    const said: number[] = [];
    for (const text of [
      'Very useful, thank you',
      'Call 0803 000 0000 for cheap parts',
      'Spam spam spam',
    ])
      said.push(
        (
          await t.call('POST', `/api/blogs/comments/${post.id}`, {
            cookie: buyer.cookie,
            body: { body: text },
          })
        ).body.items[0].id,
      );
    const fresh = await api.get(`/api/admin/blog/comments?postId=${post.id}`);
    expect(fresh.body.items.map((c: any) => c.id).sort()).toEqual([...said].sort());

    const hide = await api.post(`/api/admin/blog/comments/${said[1]}/hide`, {
      note: 'phone number advert',
    });
    expect(hide.status).toBe(200);
    expect(hide.body.item).toMatchObject({ hidden: true, approved: false });
    expect(
      (await api.post(`/api/admin/blog/comments/${said[1]}/hide`, { note: 'again' })).status,
    ).toBe(409);
    expect((await api.post(`/api/admin/blog/comments/${said[1]}/hide`, {})).status).toBe(400);
    let pub = await t.call('GET', `/api/blogs/comments/${post.id}`);
    expect(pub.body.items.map((c: any) => c.id)).not.toContain(said[1]);

    const ok = await api.post(`/api/admin/blog/comments/${said[0]}/approve`, {});
    expect(ok.body.item).toMatchObject({ hidden: false, approved: true });
    const back = await api.post(`/api/admin/blog/comments/${said[1]}/approve`, {
      note: 'was fine',
    });
    expect(back.body.item).toMatchObject({ hidden: false, approved: true });
    pub = await t.call('GET', `/api/blogs/comments/${post.id}`);
    expect(pub.body.items.map((c: any) => c.id)).toContain(said[1]);
    expect((await api.get('/api/admin/blog/comments?state=approved')).body.items).toHaveLength(2);

    const noConfirm = await api.post(`/api/admin/blog/comments/${said[2]}/delete`, {
      note: 'spam',
    });
    expect(noConfirm.status).toBe(400);
    const del = await api.post(`/api/admin/blog/comments/${said[2]}/delete`, {
      note: 'spam',
      confirm: 'on',
    });
    expect(del.status).toBe(200);
    pub = await t.call('GET', `/api/blogs/comments/${post.id}`);
    expect(pub.body.items.map((c: any) => c.id)).not.toContain(said[2]);
    expect((await api.post(`/api/admin/blog/comments/${said[2]}/approve`, {})).status).toBe(404);

    expect((await trail('comment', said[1])).map((e) => [e.action, e.note])).toEqual([
      ['comment.hide', 'phone number advert'],
      ['comment.approve', 'was fine'],
    ]);
    const [gone] = await trail('comment', said[2]);
    expect(gone).toMatchObject({
      action: 'comment.delete',
      actor_id: admin.id,
      before: { body: 'Spam spam spam', postId: post.id },
      note: 'spam',
    });
  });

  it('slugs are made from titles and never read as an id', () => {
    expect(slugOf('Harmattan: 5 checks!')).toBe('harmattan-5-checks');
    expect(slugOf('2026')).toBe('post-2026');
    expect(slugOf('!!!')).toBe('');
  });
});

describe(`admin: newsletter subscribers and contact messages (${dbLabel()})`, () => {
  it('lists subscribers and exports them as CSV, safe for spreadsheets; the export is audited', async () => {
    const api = as(admin.cookie);
    const sub = await t.call('POST', '/api/email/contact-list/newsletter', {
      body: { emailAddress: 'Ada@Example.ng' },
    });
    expect(sub.status).toBe(200);
    // Rows a spreadsheet would read as formulas, and one with a comma and a quote.
    await t.handle.db.execute(sql`insert into newsletter_subscribers (email, source) values
      ('-2+3@example.ng', '=HYPERLINK("http://evil.example","x")'),
      ('@sum@example.ng', '+cmd'),
      ('plain@example.ng', 'home, "hero"')`);
    const list = await api.get('/api/admin/newsletter?q=example.ng');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(4);
    expect(list.body.items[3].email).toBe('ada@example.ng');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/export.csv',
      headers: { cookie: admin.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="sparefinder-newsletter-/,
    );
    const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('email,source,subscribed_at');
    expect(lines[1]).toMatch(/^ada@example\.ng,footer,\d{4}-/);
    expect(lines[2]).toMatch(
      /^'-2\+3@example\.ng,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",/,
    );
    expect(lines[3]).toMatch(/^'@sum@example\.ng,'\+cmd,/);
    expect(lines[4]).toMatch(/^plain@example\.ng,"home, ""hero""",/);
    expect(lines).toHaveLength(6); // and the final line break
    const [entry] = await trail('newsletter', 'subscribers');
    expect(entry).toMatchObject({
      action: 'newsletter.export',
      actor_id: admin.id,
      after: { rows: 4 },
    });
    expect(safeCsvCell('\t=1')).toBe("'\t=1");
    expect(safeCsvCell(null)).toBe('');
    // Staff only.
    const buyerCsv = await t.call('GET', '/api/admin/newsletter/export.csv', {
      cookie: buyer.cookie,
    });
    expect(buyerCsv.status).toBe(403);
  });

  it('lists, reads and marks contact messages answered; unanswered ones need attention', async () => {
    const api = as(admin.cookie);
    const before = (await attentionCounts(t.handle.db)).find(
      (a) => a.key === 'contact.unanswered',
    )!;
    const sent = await t.call('POST', '/api/contact', {
      body: {
        name: 'Chidi Okeke',
        email: 'chidi@example.ng',
        subject: 'Order not delivered',
        message: 'My order has not arrived after ten days. Please help.',
      },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id;
    const after = (await attentionCounts(t.handle.db)).find((a) => a.key === 'contact.unanswered')!;
    expect(after.count).toBe(before.count + 1);
    expect(after.href).toBe('/admin/contact?answered=no');

    const open = await api.get('/api/admin/contact?answered=no');
    expect(open.body.items.map((m: any) => m.id)).toContain(id);
    const one = await api.get(`/api/admin/contact/${id}`);
    expect(one.body.item).toMatchObject({
      name: 'Chidi Okeke',
      message: 'My order has not arrived after ten days. Please help.',
      answered: false,
    });
    const mark = await api.post(`/api/admin/contact/${id}/answered`, {
      answered: true,
      note: 'replied',
    });
    expect(mark.status).toBe(200);
    expect(mark.body.item).toMatchObject({
      answered: true,
      answeredBy: expect.stringContaining('@'),
    });
    expect((await api.post(`/api/admin/contact/${id}/answered`, { answered: true })).status).toBe(
      409,
    );
    expect(
      (await api.get('/api/admin/contact?answered=no')).body.items.map((m: any) => m.id),
    ).not.toContain(id);
    expect((await api.get('/api/admin/contact?answered=yes&q=chidi')).body.items[0].id).toBe(id);
    const again = (await attentionCounts(t.handle.db)).find((a) => a.key === 'contact.unanswered')!;
    expect(again.count).toBe(before.count);
    const reopen = await api.post(`/api/admin/contact/${id}/answered`, { answered: false });
    expect(reopen.body.item.answered).toBe(false);
    expect((await api.get('/api/admin/contact/999999')).status).toBe(404);
    expect((await trail('contact', id)).map((e) => [e.action, e.actor_id, e.after])).toEqual([
      ['contact.answer', admin.id, { answered: true }],
      ['contact.reopen', admin.id, { answered: false }],
    ]);
  });
});

describe(`admin content under concurrency (${dbLabel()})`, () => {
  const onServer = !!process.env.TEST_DATABASE_URL;

  // PostgreSQL only: PGlite has one connection, so the publishes cannot race there.
  it.skipIf(!onServer)(
    '100 categories added at once get 100 distinct ids; 100 staff publishing one draft at once: one succeeds, one audit entry (PostgreSQL server: PGlite runs one query at a time, so it cannot race)',
    async () => {
      const api = as(admin.cookie);
      const added = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          api.post('/api/admin/blog/categories', { name: `Race ${i} ${Date.now()}` }),
        ),
      );
      expect(added.map((a) => a.status)).toEqual(Array(100).fill(201));
      expect(new Set(added.map((a) => a.body.item.id)).size).toBe(100);

      const draft = await api.post('/api/admin/blog/posts', {
        title: `Race draft ${Date.now()}`,
        categoryId: added[0].body.item.id,
        excerpt: 'x',
        body: 'y',
      });
      const id = draft.body.item.id;
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          api.post(`/api/admin/blog/posts/${id}/publish`, { published: true }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(99).fill(409)]);
      expect((await trail('post', id)).map((e) => e.action)).toEqual([
        'post.create',
        'post.publish',
      ]);
    },
  );
});
