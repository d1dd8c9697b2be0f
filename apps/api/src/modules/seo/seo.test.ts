import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore } from '../catalog/testing.ts';
import { seedContent } from '../content/seed.ts';
import { seedProviders } from '../providers/seed.ts';
import { URLS_PER_FILE } from './service.ts';

const PUBLIC_URL = 'https://sparefinder.test';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-seo-test-'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, sitemapCacheMs: 0, imagesDir });
  await seedContent(t.handle.db);
  await seedProviders(t.handle.db);
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (n) => n === 'url' || n === 'sitemap',
});

/** The XML answer of `url`, checked well-formed, parsed. */
async function xml(url: string) {
  const r = await t.get(url, { headers: FORGED });
  expect(r.status, `${url}: ${r.text.slice(0, 200)}`).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(r.text), url).toBe(true);
  return { text: r.text, doc: parser.parse(r.text), headers: r.headers };
}
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Every `<loc>` of a urlset, checked to start with PUBLIC_URL and to carry a W3C lastmod. */
async function urlsOf(url: string, lastmodRequired = true) {
  const { doc } = await xml(url);
  expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const urls: { loc: string; lastmod?: string }[] = doc.urlset.url ?? [];
  for (const u of urls) {
    expect(u.loc.startsWith(`${PUBLIC_URL}/`), u.loc).toBe(true);
    if (lastmodRequired || u.lastmod) expect(u.lastmod, u.loc).toMatch(W3C);
  }
  return urls;
}

async function indexFiles() {
  const { doc } = await xml('/sitemap.xml');
  expect(doc.sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const list: { loc: string; lastmod: string }[] = doc.sitemapindex.sitemap;
  for (const s of list) {
    expect(s.loc.startsWith(`${PUBLIC_URL}/sitemaps/`), s.loc).toBe(true);
    expect(s.lastmod, s.loc).toMatch(W3C);
  }
  return list.map((s) => s.loc.slice(`${PUBLIC_URL}/sitemaps/`.length));
}

describe(`robots.txt (${dbLabel()})`, () => {
  it('lets crawlers in, keeps them out of accounts, staff, the API, carts and checkout, and names the sitemap on PUBLIC_URL', async () => {
    const r = await t.get('/robots.txt', { headers: FORGED });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const lines = r.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/user', '/admin', '/api/', '/shopping/', '/auth/', '/broadcast', '/chat'])
      expect(lines).toContain(`Disallow: ${p}`);
    // The cart and checkout pages are under /shopping/.
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(r.text).not.toContain('evil.example');
    // Public pages stay crawlable: no Disallow covers them.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const page of [
      '/',
      '/product/1',
      '/store/x',
      '/mechanic/1',
      '/towvan/1',
      '/cat/1',
      '/blogs/blog/x',
      '/og/product/1.jpg',
    ])
      expect(
        disallowed.some((d) => page.startsWith(d)),
        page,
      ).toBe(false);
  });
});

describe(`sitemaps (${dbLabel()})`, () => {
  let store: Awaited<ReturnType<typeof createStore>>;
  let suspended: Awaited<ReturnType<typeof createStore>>;
  let live: number;
  let hidden: number;
  let ofSuspended: number;

  beforeAll(async () => {
    store = await createStore(t.handle.db, { urlName: 'ikeja-spares' });
    suspended = await createStore(t.handle.db, { urlName: 'gone-spares' });
    live = (await createProduct(t.handle.db, { store, name: 'Corolla headlamp' })).prodId;
    await createProduct(t.handle.db, { store, name: 'Corolla bumper' });
    hidden = (await createProduct(t.handle.db, { store, name: 'Hidden', active: false })).prodId;
    ofSuspended = (await createProduct(t.handle.db, { store: suspended })).prodId;
    // Staff suspend the store: the trigger holds its products hidden once they are written.
    await t.handle.db.execute(
      sql`update stores set suspended_at = now() where id = ${suspended.id}`,
    );
    await t.handle.db.execute(
      sql`update products set held_by = 'suspension' where store_id = ${suspended.id}`,
    );
    // A mechanic closed by staff and a draft post are not public either.
    await t.handle.db.execute(
      sql`update service_providers set active = false where sp_id = (select min(sp_id) from service_providers where kind = 'mechanic')`,
    );
    await t.handle.db.execute(
      sql`update blog_posts set published_at = null where id = (select min(id) from blog_posts)`,
    );
  });

  it('the index names the fixed pages and one file per kind, every URL on PUBLIC_URL whatever the Host', async () => {
    const files = await indexFiles();
    expect(files).toEqual([
      'pages.xml',
      'products-1.xml',
      'stores-1.xml',
      'mechanics-1.xml',
      'towvans-1.xml',
      'blog-1.xml',
      'categories-1.xml',
    ]);
    const pages = await urlsOf('/sitemaps/pages.xml', false);
    const locs = pages.map((u) => u.loc);
    for (const p of ['/', '/spares-parts', '/mechanics', '/towvans', '/blogs', '/static/faq'])
      expect(locs).toContain(`${PUBLIC_URL}${p}`);
    // Lists are dated by their newest record.
    expect(pages.find((u) => u.loc === `${PUBLIC_URL}/spares-parts`)?.lastmod).toMatch(W3C);
  });

  it('lists only what a guest can open: active products, stores with some, active providers, published posts', async () => {
    const products = (await urlsOf('/sitemaps/products-1.xml')).map((u) => u.loc);
    expect(products).toContain(`${PUBLIC_URL}/product/${live}`);
    expect(products).not.toContain(`${PUBLIC_URL}/product/${hidden}`);
    expect(products).not.toContain(`${PUBLIC_URL}/product/${ofSuspended}`);
    const [{ n }] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from products where active`,
    );
    expect(products.length).toBe(n);

    const stores = (await urlsOf('/sitemaps/stores-1.xml')).map((u) => u.loc);
    expect(stores).toEqual([`${PUBLIC_URL}/store/ikeja-spares`]);

    const mechanics = (await urlsOf('/sitemaps/mechanics-1.xml')).map((u) => u.loc);
    const m = await rows<{ sp_id: number; active: boolean }>(
      t.handle.db,
      sql`select sp_id, active from service_providers where kind = 'mechanic' order by sp_id`,
    );
    expect(mechanics).toEqual(
      m.filter((x) => x.active).map((x) => `${PUBLIC_URL}/mechanic/${x.sp_id}`),
    );
    expect(m.some((x) => !x.active)).toBe(true);
    const towvans = await urlsOf('/sitemaps/towvans-1.xml');
    expect(towvans.length).toBeGreaterThan(0);
    expect(towvans.every((u) => /\/towvan\/\d+$/.test(u.loc))).toBe(true);

    const posts = await rows<{ slug: string; published: boolean }>(
      t.handle.db,
      sql`select slug, published_at is not null as published from blog_posts order by id`,
    );
    const blog = (await urlsOf('/sitemaps/blog-1.xml')).map((u) => u.loc);
    expect(blog.sort()).toEqual(
      posts
        .filter((p) => p.published)
        .map((p) => `${PUBLIC_URL}/blogs/blog/${p.slug}`)
        .sort(),
    );

    // Categories with active products: the product's category and its top category.
    const cats = (await urlsOf('/sitemaps/categories-1.xml')).map((u) => u.loc);
    const [c] = await rows<{ cat_id: number; parent_id: number }>(
      t.handle.db,
      sql`select cat_id, parent_id from categories where cat_id = 601`,
    );
    expect(cats.sort()).toEqual(
      [`${PUBLIC_URL}/cat/${c.parent_id}`, `${PUBLIC_URL}/cat/601`].sort(),
    );
  });

  it('a change to a product moves its lastmod (the trigger), and the next sitemap shows it', async () => {
    const before = (await urlsOf('/sitemaps/products-1.xml')).find((u) =>
      u.loc.endsWith(`/product/${live}`),
    )!.lastmod!;
    await t.handle.db.execute(
      sql`update products set updated_at = now() - interval '3 days' where prod_id = ${live}`,
    );
    // Even a write that names updated_at gets now(): no writer can forget or fake it.
    const [{ fresh }] = await rows<{ fresh: boolean }>(
      t.handle.db,
      sql`select updated_at > now() - interval '1 minute' as fresh from products where prod_id = ${live}`,
    );
    expect(fresh).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    await t.handle.db.execute(
      sql`update products set price_kobo = 4500000 where prod_id = ${live}`,
    );
    const after = (await urlsOf('/sitemaps/products-1.xml')).find((u) =>
      u.loc.endsWith(`/product/${live}`),
    )!.lastmod!;
    expect(after > before).toBe(true);
    // A product taken off sale leaves the sitemap.
    await t.handle.db.execute(sql`update products set active = false where prod_id = ${live}`);
    expect((await urlsOf('/sitemaps/products-1.xml')).map((u) => u.loc)).not.toContain(
      `${PUBLIC_URL}/product/${live}`,
    );
    await t.handle.db.execute(sql`update products set active = true where prod_id = ${live}`);
  });

  it('a file that does not exist is a 404; a name of another shape a 400', async () => {
    expect((await t.get('/sitemaps/products-2.xml')).status).toBe(404);
    expect((await t.get('/sitemaps/nothing-1.xml')).status).toBe(400);
    expect((await t.get('/sitemaps/products-0.xml')).status).toBe(400);
    expect((await t.get('/sitemaps/..%2Fpackage.json')).status).toBe(400);
  });

  it('pages through 100,000 products, 50,000 URLs a file at most, fast, compressed for crawlers that ask', async () => {
    const [cat] = await rows<{ parent_id: number }>(
      t.handle.db,
      sql`select parent_id from categories where cat_id = 601`,
    );
    const started = Date.now();
    // 100,000 more: with the few above, three files (50,000 + 50,000 + the rest).
    await t.handle.db.execute(sql`
      insert into products (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition, stock)
      select ${store.id}, 601, ${cat.parent_id}, ${store.stateId}, ${store.cityId}, 'Bulk part ' || g, 100000, 1, 3
      from generate_series(1, 100000) g`);
    const inserted = Date.now() - started;
    const ids = (
      await rows<{ prod_id: number }>(
        t.handle.db,
        sql`select prod_id from products where active order by prod_id`,
      )
    ).map((r) => r.prod_id);
    expect(ids.length).toBeGreaterThan(2 * URLS_PER_FILE);

    let t0 = Date.now();
    expect((await t.get('/sitemap.xml')).status).toBe(200);
    const indexMs = Date.now() - t0;
    const files = (await indexFiles()).filter((f) => f.startsWith('products-'));
    expect(files).toEqual(['products-1.xml', 'products-2.xml', 'products-3.xml']);

    const seen: string[] = [];
    const fileMs: number[] = [];
    for (const f of files) {
      // Built from the database on this request (the cache is off in this app).
      t0 = Date.now();
      expect((await t.get(`/sitemaps/${f}`)).status).toBe(200);
      fileMs.push(Date.now() - t0);
      const urls = await urlsOf(`/sitemaps/${f}`);
      seen.push(...urls.map((u) => u.loc));
      expect(urls.length).toBeLessThanOrEqual(URLS_PER_FILE);
    }
    expect(seen.length).toBe(ids.length);
    expect(seen).toEqual(ids.map((id) => `${PUBLIC_URL}/product/${id}`));
    expect((await urlsOf('/sitemaps/products-1.xml')).length).toBe(URLS_PER_FILE);
    expect((await urlsOf('/sitemaps/products-2.xml')).length).toBe(URLS_PER_FILE);
    expect((await t.get('/sitemaps/products-4.xml')).status).toBe(404);

    // A crawler asking for gzip gets the same document, far smaller.
    const plain = await t.get('/sitemaps/products-1.xml');
    const gz = await t.get('/sitemaps/products-1.xml', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.payload).toString()).toBe(plain.text);
    console.info(
      `[${dbLabel()}] ${ids.length} products (inserted in ${inserted} ms): index ${indexMs} ms; files ${fileMs.join(', ')} ms; file 1 ${plain.payload.length} bytes, ${gz.payload.length} gzipped`,
    );
    // Built from scratch each time here (no cache): still well within a crawler's patience.
    for (const ms of [indexMs, ...fileMs]) expect(ms).toBeLessThan(5_000);
  }, 600_000);
});

describe(`sharing cards (${dbLabel()})`, () => {
  it("a product's card is a 1200x630 JPEG drawn from its main picture, kept in storage", async () => {
    const store = await createStore(t.handle.db);
    // A generated picture (drawn from its category) and an uploaded one (a file in storage).
    const drawn = await createProduct(t.handle.db, { store, imageKey: 'g-601-2' });
    const key = 'u-0a1b2c3d';
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
      .webp()
      .toFile(path.join(imagesDir, `${key}-640.webp`));
    const uploaded = await createProduct(t.handle.db, { store, imageKey: key });
    for (const id of [drawn.prodId, uploaded.prodId]) {
      const r = await t.get(`/og/product/${id}.jpg`);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(r.payload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
    // The uploaded picture is in the middle of the card: its red fills the centre.
    const card = await t.get(`/og/product/${uploaded.prodId}.jpg`);
    const { data } = await sharp(card.payload)
      .extract({ left: 590, top: 305, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(100);
    expect(fs.existsSync(path.join(imagesDir, 'og', `${key}-o1.jpg`))).toBe(true);
  });

  it('a product without a picture gets the default card; an unknown or hidden one a 404', async () => {
    const store = await createStore(t.handle.db);
    const bare = await createProduct(t.handle.db, { store });
    const off = await createProduct(t.handle.db, { store, active: false, imageKey: 'g-601-1' });
    const d = await t.get('/og/default.jpg');
    expect(d.status).toBe(200);
    const meta = await sharp(d.payload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const r = await t.get(`/og/product/${bare.prodId}.jpg`);
    expect(r.status).toBe(200);
    expect(r.payload.equals(d.payload)).toBe(true);
    expect((await t.get(`/og/product/${off.prodId}.jpg`)).status).toBe(404);
    expect((await t.get('/og/product/999999999.jpg')).status).toBe(404);
    expect((await t.get('/og/product/abc.jpg')).status).toBe(400);
  });
});
