import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { schema as s } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { readBlogs, seedContent } from './seed.ts';
import { loadStaticPages } from './static-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.app.db);
});
afterAll(() => t?.close());

const rowsIn = async (table: any) =>
  Number((await t.app.db.select({ n: count() }).from(table))[0].n);
const expect4xx = (status: number) => {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
};

const SLUGS = [
  'faq',
  'book-sp',
  'payment',
  'about-us',
  'e-wallet',
  'shipping',
  'how-it-works',
  'work-with-us',
  'find-customer',
  'buy-through-us',
  'cookies-policy',
  'sell-through-us',
  'terms-condition',
  'safety-awareness',
  'advertise-with-us',
];

describe(`blogs (${dbLabel()})`, () => {
  it('lists the categories', async () => {
    const { status, body } = await t.get('/api/blogs/categories');
    expect(status).toBe(200);
    expect(body.items.map((c: any) => c.slug)).toEqual([
      'buying-guides',
      'car-care',
      'safety',
      'money-matters',
      'marketplace-news',
    ]);
    expect(body.items[0]).toEqual({ id: 1, name: 'Buying Guides', slug: 'buying-guides' });
  });

  it('lists every post newest first with cover, author and date', async () => {
    const { status, body, headers } = await t.get('/api/blogs');
    expect(status).toBe(200);
    const n = readBlogs().posts.length;
    expect(n).toBeGreaterThanOrEqual(12);
    expect(body.items).toHaveLength(n);
    expect(body.count).toBe(n);
    const dates = body.items.map((p: any) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.items[0]).toMatchObject({
      slug: 'preparing-for-a-long-interstate-trip',
      author: 'Blessing Etim',
      category_slug: 'safety',
      cover_url: expect.stringMatching(/^\/images\/blogs\/[a-z0-9-]+\.svg$/),
    });
    expect(body.items[0].body).toBeUndefined();
    expect(headers['cache-control']).toMatch(/max-age/);
  });

  it('filters by category id or slug, and refuses unknown or malformed ones', async () => {
    const bySlug = (await t.get('/api/blogs?category=car-care')).body;
    const byId = (await t.get('/api/blogs?category=2')).body;
    expect(bySlug.items.length).toBeGreaterThan(3);
    expect(bySlug.items.every((p: any) => p.category_id === 2)).toBe(true);
    expect(byId.items).toEqual(bySlug.items);
    expect(bySlug.count).toBe(bySlug.items.length);
    expect((await t.get('/api/blogs?category=')).body.items.length).toBe(readBlogs().posts.length);
    expect((await t.get('/api/blogs?category=no-such-thing')).status).toBe(404);
    expect((await t.get('/api/blogs?category=99')).status).toBe(404);
    expect((await t.get('/api/blogs?category=%3Cscript%3E')).status).toBe(400);
    expect((await t.get(`/api/blogs?category=${'a'.repeat(61)}`)).status).toBe(400);
  });

  it('pages with a cursor (lastId) and no overlap', async () => {
    const first = (await t.get('/api/blogs?pagesize=5')).body.items;
    expect(first).toHaveLength(5);
    const second = (await t.get(`/api/blogs?pagesize=5&lastId=${first[4].id}`)).body.items;
    expect(second).toHaveLength(5);
    const all = (await t.get('/api/blogs')).body.items;
    expect([...first, ...second].map((p: any) => p.id)).toEqual(
      all.slice(0, 10).map((p: any) => p.id),
    );
    expect((await t.get('/api/blogs?pagesize=51')).status).toBe(400);
    expect((await t.get('/api/blogs?pagesize=0')).status).toBe(400);
    expect((await t.get('/api/blogs?lastId=abc')).status).toBe(400);
    expect((await t.get('/api/blogs?lastId=999999')).status).toBe(404);
  });

  it('gives one post by id or slug, with its body; unknown is 404, malformed 400', async () => {
    const bySlug = await t.get('/api/blogs/blog/how-to-spot-fake-brake-pads');
    expect(bySlug.status).toBe(200);
    const post = bySlug.body.items[0];
    expect(post.title).toBe('How to spot fake brake pads before they fail you');
    expect(post.body).toContain('## ');
    const byId = await t.get(`/api/blogs/blog/${post.id}`);
    expect(byId.body.items[0]).toEqual(post);
    expect((await t.get('/api/blogs/blog/HOW-TO-SPOT-FAKE-BRAKE-PADS')).status).toBe(200);
    const missing = await t.get('/api/blogs/blog/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: false, code: 'NOT_FOUND' });
    expect((await t.get('/api/blogs/blog/999999')).status).toBe(404);
    expect((await t.get('/api/blogs/blog/a%20b')).status).toBe(400);
    expect((await t.get(`/api/blogs/blog/${'a'.repeat(121)}`)).status).toBe(400);
  });

  it('serves the generated covers with a long cache: SVG for pages, PNG for sharing', async () => {
    const post = (await t.get('/api/blogs/blog/harmattan-car-care')).body.items[0];
    const svg = await t.get(post.cover_url);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(svg.body).toContain('Harmattan car care');
    const png = await t.get(post.share_image_url);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.payload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.get('/images/blogs/nope-123.svg')).status).toBe(404);
    expect((await t.get('/images/blogs/..%2Fx.svg')).status).toBe(400);
  });
});

describe(`blog comments (${dbLabel()})`, () => {
  const url = '/api/blogs/comments/tokunbo-vs-new-vs-nigerian-used-parts';
  const post = (payload: unknown, cookie?: string, contentType = 'application/json') =>
    t.post(url, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      cookie,
      headers: { 'content-type': contentType },
    });

  it('lists no comments at first and tells guests they cannot comment', async () => {
    const { status, body } = await t.get(url);
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, items: [], canComment: false });
    expect((await t.get('/api/blogs/comments/no-such-post')).status).toBe(404);
  });

  it('refuses guests with 401 and stores nothing', async () => {
    const before = await rowsIn(s.blogComments);
    const res = await post({ body: 'Nice one' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      status: false,
      code: 'UNAUTHORIZED',
      message: 'You are not logged in',
    });
    expect(await rowsIn(s.blogComments)).toBe(before);
  });

  it('lets a signed-in user comment (JSON or form), trimmed, plain text, newest last', async () => {
    const { user, cookie } = await t.signIn('Buyer');
    expect((await t.get(url, { cookie })).body.canComment).toBe(true);
    const a = await post(
      { body: '  Tokunbo headlamps were the best value for my Corolla.  ' },
      cookie,
    );
    expect(a.status).toBe(201);
    expect(a.body.items[0]).toMatchObject({
      body: 'Tokunbo headlamps were the best value for my Corolla.',
      author_name: user.name,
    });
    const b = await post(
      new URLSearchParams({ body: '<b>not bold</b> & <script>x</script>' }).toString(),
      cookie,
      'application/x-www-form-urlencoded',
    );
    expect(b.status).toBe(201);
    const list = (await t.get(url)).body.items;
    expect(list.map((c: any) => c.id)).toEqual([a.body.items[0].id, b.body.items[0].id]);
    // Stored and returned as the text typed: the page shows it as text, never as HTML.
    expect(list[1].body).toBe('<b>not bold</b> & <script>x</script>');
  });

  it('refuses empty, blank, too long and malformed comments with 400, storing nothing', async () => {
    const { cookie } = await t.signIn('Mechanic');
    const before = await rowsIn(s.blogComments);
    for (const bad of [
      { body: '' },
      { body: '   \n ' },
      { body: 'x'.repeat(1001) },
      { body: 'x'.repeat(5000) },
      {},
      { body: { a: 1 } },
      { body: null },
    ]) {
      const res = await post(bad, cookie);
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.body.status).toBe(false);
    }
    expect((await post({ body: 'x'.repeat(1001) }, cookie)).body.message).toBe(
      'A comment can be at most 1000 characters',
    );
    expect((await post('{"body":', cookie)).status).toBe(400);
    expect(
      (
        await t.post('/api/blogs/comments/no-such-post', '{"body":"hi"}', {
          cookie,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);
    expect(await rowsIn(s.blogComments)).toBe(before);
    expect((await post({ body: 'x'.repeat(1000) }, cookie)).status).toBe(201);
  });

  it('limits each user to 5 comments a minute (429), others unaffected', async () => {
    const { cookie } = await t.signIn('Buyer');
    for (let i = 1; i <= 5; i++)
      expect((await post({ body: `comment ${i}` }, cookie)).status).toBe(201);
    const before = await rowsIn(s.blogComments);
    const sixth = await post({ body: 'comment 6' }, cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      status: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/wait a minute/),
    });
    expect(await rowsIn(s.blogComments)).toBe(before);
    const other = await t.signIn('Seller');
    expect((await post({ body: 'another user' }, other.cookie)).status).toBe(201);
  });
});

describe(`static pages (${dbLabel()})`, () => {
  it('has all 15 pages with a body and ordered sections, loaded without demo data', async () => {
    for (const slug of SLUGS) {
      const page = await t.get(`/api/static/contents/${slug}`);
      expect(page.status, slug).toBe(200);
      expect(page.body.items[0]).toMatchObject({
        slug,
        title: expect.any(String),
        summary: expect.any(String),
        body: expect.any(String),
      });
      expect(page.body.items[0].body.length).toBeGreaterThan(100);
      const sections = await t.get(`/api/static/sections/${slug}`);
      expect(sections.status).toBe(200);
      expect(sections.body.items.length).toBeGreaterThanOrEqual(5);
      const positions = sections.body.items.map((x: any) => x.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(sections.body.items[0]).toEqual({
        position: 1,
        heading: expect.any(String),
        body: expect.any(String),
      });
    }
    const faq = (await t.get('/api/static/sections/faq')).body.items;
    expect(faq.map((x: any) => x.heading)).toContain('What does Tokunbo mean?');
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    for (const path of ['contents', 'sections']) {
      const res = await t.get(`/api/static/${path}/no-such-page`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        status: false,
        code: 'NOT_FOUND',
        message: 'Page not found: /static/no-such-page',
      });
      expect((await t.get(`/api/static/${path}/a.b`)).status).toBe(400);
      expect((await t.get(`/api/static/${path}/${'x'.repeat(61)}`)).status).toBe(400);
    }
  });

  it('reloads idempotently: no duplicate sections, skipped when unchanged', async () => {
    const before = await rowsIn(s.staticSections);
    expect(await loadStaticPages(t.app.db)).toBe(false);
    expect(await loadStaticPages(t.app.db, { force: true })).toBe(true);
    expect(await rowsIn(s.staticSections)).toBe(before);
    expect(await rowsIn(s.staticPages)).toBe(15);
  });
});

describe(`newsletter (${dbLabel()})`, () => {
  const url = '/api/email/contact-list/newsletter';
  const form = (email: string, headers: Record<string, string> = {}) =>
    t.call('POST', url, { form: { emailAddress: email }, headers });

  it('subscribes with the form body emailAddress, once per address (repeat is a success)', async () => {
    const ok = await form('Ada.Obi@Example.ng');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      status: true,
      message: 'Thank You for Subscribing to our Newsletter',
    });
    const again = await form('  ada.obi@example.NG ');
    expect(again.body).toEqual({
      status: true,
      message: 'Thank You for Subscribing to our Newsletter',
    });
    const json = await t.post(url, { emailAddress: 'ada.obi@example.ng' });
    expect(json.status).toBe(200);
    const rows = await t.app.db
      .select()
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, 'ada.obi@example.ng'));
    expect(rows).toHaveLength(1);
  });

  it("refuses invalid addresses with 400 'Please Enter a Valid Email', storing nothing", async () => {
    const before = await rowsIn(s.newsletterSubscribers);
    for (const bad of [
      '',
      'not-an-email',
      'a@b',
      'a b@c.ng',
      '@x.ng',
      `${'a'.repeat(250)}@x.ng`,
      'a'.repeat(2000),
    ]) {
      const res = await form(bad);
      expect(res.status, bad.slice(0, 20)).toBe(400);
      expect(res.body).toMatchObject({ status: false, message: 'Please Enter a Valid Email' });
    }
    expect4xx(
      (await t.post(url, '{}', { headers: { 'content-type': 'application/json' } })).status,
    );
    expect4xx(
      (
        await t.post(url, '{"emailAddress":5}', {
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    );
    expect4xx((await t.post(url, 'x', { headers: { 'content-type': 'text/plain' } })).status);
    expect4xx((await form('a'.repeat(5000))).status);
    expect(await rowsIn(s.newsletterSubscribers)).toBe(before);
  });

  it('answers a plain HTML form post (no JavaScript) with a 303 back to the page', async () => {
    const html = {
      accept: 'text/html,application/xhtml+xml',
      host: 'shop.test',
      referer: 'http://shop.test/blogs?category=safety',
    };
    const ok = await form('nojs@example.ng', html);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/blogs?category=safety&newsletter=ok#newsletter');
    const bad = await form('nope', html);
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe('/blogs?category=safety&newsletter=invalid#newsletter');
    const tooLong = await form('a'.repeat(5000), html);
    expect(tooLong.headers.location).toBe('/blogs?category=safety&newsletter=invalid#newsletter');
    // A post from another site's page is refused by the CSRF guard, so it is never a redirect target.
    const foreign = await form('nojs2@example.ng', { ...html, referer: 'https://evil.example/x' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.location).toBeUndefined();
    const none = await form('nojs3@example.ng', { accept: 'text/html' });
    expect(none.headers.location).toBe('/?newsletter=ok#newsletter');
  });

  it('never sends a no-JavaScript post off the site, whatever path the Referer names', async () => {
    const paths = [
      '//evil.example/x',
      '//evil.example',
      '/\\evil.example/x',
      '/.//evil.example/x',
      '/%2F%2Fevil.example',
      '/%0d%0aSet-Cookie:%20a=b',
      '/%1B',
      '/%C0%AF',
      `/${'a'.repeat(3000)}`,
    ];
    for (const [i, p] of paths.entries()) {
      const res = await form(`redir${i}@example.ng`, {
        accept: 'text/html',
        host: 'shop.test',
        referer: `http://shop.test${p}`,
      });
      expect(res.status, p).toBe(303);
      const to = String(res.headers.location);
      // Resolved against the page, the target stays on this host.
      expect(new URL(to, 'http://shop.test/blogs').host, `${p} -> ${to}`).toBe('shop.test');
      expect(to, p).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });
});

describe(`contact us (${dbLabel()})`, () => {
  const good = {
    name: 'Bola Ahmed',
    email: 'bola@example.ng',
    phone: '0803 123 4567',
    subject: 'Wrong part delivered',
    message: 'I ordered a left headlamp for a 2012 Corolla and got a right one. Order #123.',
  };
  const send = (payload: unknown, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
    t.post('/api/contact', JSON.stringify(payload), {
      ip,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('stores the message, queues an e-mail to support and confirms', async () => {
    const mailsBefore = await rowsIn(s.outbox);
    const res = await send(good);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: true,
      id: expect.any(Number),
      message: expect.stringMatching(/Thank you/),
    });
    const [row] = await t.app.db
      .select()
      .from(s.contactMessages)
      .where(eq(s.contactMessages.id, res.body.id));
    expect(row).toMatchObject({
      name: 'Bola Ahmed',
      email: 'bola@example.ng',
      subject: 'Wrong part delivered',
      ip: '10.0.0.1',
      userId: null,
    });
    // The mail leaves from a job.
    expect(await rowsIn(s.outbox)).toBe(mailsBefore);
    await runDueJobs(t.app);
    expect(await rowsIn(s.outbox)).toBe(mailsBefore + 1);
    const mails = await t.app.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.subject, `[Contact #${res.body.id}] Wrong part delivered`));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toBe('support@sparefinder.ng');
    expect(mail.text).toContain('bola@example.ng');
    expect(mail.text).toContain('left headlamp');
  });

  it('marks what the sender wrote: labelled, quoted fields and a delimited message they cannot close', async () => {
    const forged = {
      ...good,
      name: 'Bola',
      subject: 'Refund',
      message:
        'Please refund me.\n----- end of the message typed by the sender -----\nSigned-in account: admin\nApproved by support: yes',
    };
    const res = await t.call('POST', '/api/contact', { ip: '10.0.0.5', body: forged });
    expect(res.status).toBe(201);
    await runDueJobs(t.app);
    const [mail] = await t.app.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.subject, `[Contact #${res.body.id}] Refund`));
    const lines = mail.text.split('\n');
    expect(lines).toContain('Name (sender): "Bola"');
    expect(lines).toContain('Subject (sender): "Refund"');
    expect(lines).toContain('Signed-in account: none');
    // Every line of the message is prefixed: the forged delimiter and fields stay inside it.
    const start = lines.indexOf(
      '----- message typed by the sender, each line starts with "| " -----',
    );
    const end = lines.lastIndexOf('----- end of the message typed by the sender -----');
    expect(lines.slice(start + 1, end)).toEqual([
      '| Please refund me.',
      '| ----- end of the message typed by the sender -----',
      '| Signed-in account: admin',
      '| Approved by support: yes',
    ]);
    expect(end).toBe(lines.length - 1);
    expect(lines.filter((l) => l.startsWith('Signed-in account:'))).toEqual([
      'Signed-in account: none',
    ]);
  });

  it('accepts a form post, without phone, and links a signed-in user', async () => {
    const { user, cookie } = await t.signIn('Seller');
    const { phone: _p, ...noPhone } = good;
    const res = await t.call('POST', '/api/contact', { ip: '10.0.0.2', cookie, form: noPhone });
    expect(res.status).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(s.contactMessages)
      .where(eq(s.contactMessages.id, res.body.id));
    expect(row).toMatchObject({ phone: null, userId: user.id });
  });

  it('refuses bad input with 400 and errors per field, storing and sending nothing', async () => {
    const before = [await rowsIn(s.contactMessages), await rowsIn(s.outbox)];
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(101) }, 'name'],
      [{ ...good, email: 'nope' }, 'email'],
      [{ ...good, phone: 'call me' }, 'phone'],
      [{ ...good, subject: '  ' }, 'subject'],
      [{ ...good, message: 'short' }, 'message'],
      [{ ...good, message: 'x'.repeat(3001) }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload, '10.0.0.3');
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field], field).toEqual(expect.any(String));
    }
    const empty = await send({}, '10.0.0.3');
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect((await send({ ...good, email: 'nope' }, '10.0.0.3')).body.fields.email).toBe(
      'Please Enter a Valid Email',
    );
    expect4xx((await send({ ...good, message: 'x'.repeat(20000) }, '10.0.0.3')).status);
    expect4xx((await send({ ...good, name: { a: 1 } }, '10.0.0.3')).status);
    expect4xx(
      (
        await t.post('/api/contact', '{"name":', {
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    );
    expect([await rowsIn(s.contactMessages), await rowsIn(s.outbox)]).toEqual(before);
  });

  it('limits each address to 5 messages an hour (429 with a clear message)', async () => {
    for (let i = 0; i < 5; i++) expect((await send(good, '10.9.9.9')).status).toBe(201);
    const before = await rowsIn(s.contactMessages);
    const res = await send(good, '10.9.9.9');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      status: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/5 messages in the last hour/),
    });
    expect(await rowsIn(s.contactMessages)).toBe(before);
    expect((await send(good, '10.9.9.10')).status).toBe(201);
  });
});

describe(`limits under concurrency (${dbLabel()})`, () => {
  // Every limit is decided by one statement: 200 requests at once get no further than one by one.
  const N = 200;
  const json = (url: string, payload: unknown, extra: { cookie?: string; ip?: string } = {}) =>
    t.post(url, payload, extra);
  const statuses = (rs: { status: number }[]) =>
    rs.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});

  it(`stores 5 of ${N} comments one user sends at once`, async () => {
    const { user, cookie } = await t.signIn('Buyer');
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        json(
          '/api/blogs/comments/tokunbo-vs-new-vs-nigerian-used-parts',
          { body: `race ${i}` },
          { cookie },
        ),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 5, 429: N - 5 });
    const [n] = await t.app.db
      .select({ n: count() })
      .from(s.blogComments)
      .where(eq(s.blogComments.userId, user.id));
    expect(Number(n.n)).toBe(5);
  }, 120_000);

  it(`stores and mails 5 of ${N} contact messages one address sends at once`, async () => {
    const ip = '10.77.0.1';
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        json(
          '/api/contact',
          {
            name: 'Race Tester',
            email: 'race@example.ng',
            subject: `Race ${i}`,
            message: 'Many messages at the same moment.',
          },
          { ip },
        ),
      ),
    );
    expect(statuses(res)).toEqual({ 201: 5, 429: N - 5 });
    const [n] = await t.app.db
      .select({ n: count() })
      .from(s.contactMessages)
      .where(eq(s.contactMessages.ip, ip));
    expect(Number(n.n)).toBe(5);
  }, 120_000);

  it(`signs up at most 20 addresses of ${N} sent at once from one network, and one row per address`, async () => {
    const url = '/api/email/contact-list/newsletter';
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        json(url, { emailAddress: `race${i}@news.ng` }, { ip: '10.77.0.2' }),
      ),
    );
    expect(statuses(res)).toEqual({ 200: 20, 429: N - 20 });
    expect(res.find((r) => r.status === 429)!.body.message).toMatch(/Too many sign-ups/);
    // IPv6: the whole /64 is one network.
    const v6 = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        json(url, { emailAddress: `v6-${i}@news.ng` }, { ip: `2c0f:f5c0:440:1a::${i + 1}` }),
      ),
    );
    expect(statuses(v6)).toEqual({ 200: 20, 429: 10 });
    const same = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        json(url, { emailAddress: 'Same.Person@news.ng' }, { ip: `10.78.${i >> 8}.${i & 255}` }),
      ),
    );
    expect(statuses(same)).toEqual({ 200: N });
    const rows = await t.app.db
      .select({ n: count() })
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, 'same.person@news.ng'));
    expect(Number(rows[0].n)).toBe(1);
  }, 120_000);
});

describe(`content demo seed (${dbLabel()})`, () => {
  it('is idempotent', async () => {
    const before = [await rowsIn(s.blogPosts), await rowsIn(s.blogCategories)];
    await seedContent(t.app.db);
    expect([await rowsIn(s.blogPosts), await rowsIn(s.blogCategories)]).toEqual(before);
  });
  it('is listed in the OpenAPI document', async () => {
    const paths = Object.keys((await t.get('/api/docs/json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/blogs',
        '/api/blogs/categories',
        '/api/blogs/blog/{id}',
        '/api/blogs/comments/{id}',
        '/api/static/contents/{slug}',
        '/api/static/sections/{slug}',
        '/api/email/contact-list/newsletter',
        '/api/contact',
      ]),
    );
  });
});
