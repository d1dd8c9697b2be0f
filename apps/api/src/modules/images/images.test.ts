import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createStore } from '../catalog/testing.ts';
import { seedContent } from '../content/seed.ts';
import { seedProviders } from '../providers/seed.ts';
import { GENERATED_VARIANTS } from './service.ts';
import { WIDTHS } from './urls.ts';

// Every generated picture answers only for names that exist; anything else is a 404 that draws
// and writes nothing (each URL spelling would otherwise cost a rendering and a stored file).

let t: TestApp;
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-images-test-'));
let storeUrl: string;
/** A store renamed after its logo was saved as its tile's URL: the old tile stays its logo. */
const RENAMED = { urlName: 'mushin-motor-parts', logo: '/images/stores/mushin-auto-parts.svg' };
let spId: number;
let cover: { svg: string; png: string; key: string };
const UPLOADED = 'u-3f9a2c';

beforeAll(async () => {
  t = await createTestApp({ imagesDir });
  await seedContent(t.handle.db);
  await seedProviders(t.handle.db);
  storeUrl = (await createStore(t.handle.db, { urlName: 'ladipo-spares-hub' })).urlName;
  await createStore(t.handle.db, RENAMED);
  [{ sp_id: spId }] = await rows<{ sp_id: number }>(
    t.handle.db,
    sql`select sp_id from service_providers order by sp_id limit 1`,
  );
  const post = (await t.get('/api/blogs')).body.items[0];
  cover = {
    svg: post.cover_url,
    png: post.share_image_url,
    key: post.cover_url.replace(/^\/images\/blogs\/|\.svg$/g, ''),
  };
  // An uploaded picture: a file under the images directory, served as it is.
  await sharp({ create: { width: 160, height: 120, channels: 3, background: '#336699' } })
    .webp()
    .toFile(path.join(imagesDir, `${UPLOADED}-160.webp`));
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

/** Every file under the images directory (temporary files included). */
const files = () => fs.readdirSync(imagesDir).sort();

describe(`generated images that exist (${dbLabel()})`, () => {
  it('draws every top category with an icon of its own; a store keeps its initials', async () => {
    const tops = await rows<{ image: string }>(
      t.app.db,
      sql`select distinct image from categories where parent_id = 0 order by image`,
    );
    expect(tops.length).toBeGreaterThan(30);
    const drawn = new Map<string, string>();
    for (const { image } of tops) {
      const r = await t.get(`/images/categories/${image}.svg`);
      expect(r.status, image).toBe(200);
      expect(r.text, image).toMatch(
        /<g transform="translate\(24 24\) scale\(2\)"[^>]*>.*<(path|circle|rect|line|polyline)/,
      );
      expect(r.text, image).not.toContain('<text');
      const shapes = r.text.slice(r.text.indexOf('<g '));
      expect(drawn.get(shapes), `${image} looks like ${drawn.get(shapes)}`).toBeUndefined();
      drawn.set(shapes, image);
    }
    const store = await t.get(`/images/stores/${storeUrl}.svg`);
    expect(store.text).toContain('<text');
  });

  it('draws every category tile again in one sheet, each a symbol named by its image', async () => {
    const images = await rows<{ image: string }>(
      t.app.db,
      sql`select distinct image from categories where image not like '/images/%' order by image`,
    );
    const r = await t.get('/images/category-tiles.svg');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['cache-control']).toMatch(/max-age=3600/);
    const symbols = [...r.text.matchAll(/<symbol id="([a-z0-9-]+)" viewBox="0 0 96 96">/g)];
    expect(symbols.map((v) => v[1])).toEqual(images.map((i) => i.image));
    for (const [, slug] of symbols) {
      // The same drawing as the tile's own file.
      const single = (await t.get(`/images/categories/${slug}.svg`)).text;
      const shapes = single.slice(single.indexOf('<rect'), single.lastIndexOf('</svg>'));
      expect(r.text).toContain(`<symbol id="${slug}" viewBox="0 0 96 96">${shapes}</symbol>`);
    }
  });

  it('answers each with 200 and its content type', async () => {
    const svg = [
      '/images/categories/brakes.svg',
      '/images/categories/air-conditioning.svg',
      `/images/stores/${storeUrl}.svg`,
      `/images/stores/${RENAMED.urlName}.svg`,
      RENAMED.logo,
      `/images/sp/${spId}.svg`,
      cover.svg,
    ];
    for (const url of svg) {
      const r = await t.get(url);
      expect(r.status, url).toBe(200);
      expect(r.headers['content-type'], url).toContain('image/svg+xml');
      expect(r.text, url).toMatch(/^<svg /);
    }
    const png = await t.get(cover.png);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');

    for (let variant = 1; variant <= GENERATED_VARIANTS; variant++)
      for (const w of WIDTHS) {
        const url = `/images/p/g-601-${variant}-${w}.webp`;
        const r = await t.get(url);
        expect(r.status, url).toBe(200);
        expect(r.headers['content-type'], url).toBe('image/webp');
        expect((await sharp(r.payload).metadata()).width, url).toBe(w);
      }
    const up = await t.get(`/images/p/${UPLOADED}-160.webp`);
    expect(up.status).toBe(200);
    expect(up.headers['content-type']).toBe('image/webp');
    expect(files()).toContain('g-601-3-640.webp');
  });
});

describe(`generated images that do not exist (${dbLabel()})`, () => {
  const bogus: Record<string, string[]> = {
    categories: [],
    stores: [],
    sp: [],
    blogs: [],
    p: [],
  };
  for (let i = 0; i < 300; i++) {
    bogus.categories.push(`/images/categories/${['brakes', 'body', 'cat', 'x'][i % 4]}-${i}.svg`);
    bogus.stores.push(`/images/stores/${storeUrl}-${i}.svg`);
    bogus.sp.push(`/images/sp/${900000 + i}.svg`);
  }
  // Names close to real ones: the category path of a child, a store's name without its dashes.
  bogus.categories.push('/images/categories/brake-pads.svg', '/images/categories/brakesx.svg');
  bogus.stores.push('/images/stores/ladipospareshub.svg', '/images/stores/ladipo.svg');

  it('answers a 404 for every one of them and writes no file', async () => {
    for (let i = 0; i < 150; i++) {
      const key = i % 2 ? `${cover.key}${i}` : `${cover.key.replace(/-[^-]+$/, '')}-${i}abc`;
      bogus.blogs.push(`/images/blogs/${key}.svg`, `/images/blogs/${key}.png`);
    }
    for (const w of WIDTHS) {
      // Variants the generator never draws, for a known child category.
      for (let v = 0; v <= 99; v++)
        if (v < 1 || v > GENERATED_VARIANTS) bogus.p.push(`/images/p/g-601-${v}-${w}.webp`);
      bogus.p.push(
        `/images/p/g-601-01-${w}.webp`, // the same picture spelt another way
        `/images/p/g-0601-1-${w}.webp`,
        `/images/p/g-9999-1-${w}.webp`, // no such category
        `/images/p/g-6-1-${w}.webp`, // a top category: products sit in its children
        `/images/p/g-999999-2-${w}.webp`,
        `/images/p/u-nothere-${w}.webp`, // an upload that is not on disk
      );
    }
    const before = files();
    for (const [route, urls] of Object.entries(bogus)) {
      expect(urls.length, route).toBeGreaterThanOrEqual(300);
      for (const url of urls) {
        const r = await t.get(url);
        expect(r.status, url).toBe(404);
      }
    }
    // A width outside the list is refused by the route's schema, also before any work.
    for (const w of [1, 159, 161, 333, 1280, 6400])
      expect((await t.get(`/images/p/g-601-1-${w}.webp`)).status).toBe(400);
    expect(files()).toEqual(before);
  });

  it('answers the 404s like other missing things', async () => {
    const cat = await t.get('/images/categories/nope.svg');
    expect(cat.body).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const pic = await t.get('/images/p/g-601-7-160.webp');
    expect(pic.body).toMatchObject({ status: false, code: 'NOT_FOUND' });
    // A provider logo keeps a neutral badge for the broken <img>, never cached.
    const sp = await t.get('/images/sp/987654.svg');
    expect(sp.headers['content-type']).toContain('image/svg+xml');
    expect(sp.headers['cache-control']).toBeUndefined();
  });
});
