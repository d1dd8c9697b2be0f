import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '@sf/db';
import { PRODUCT_IMAGES_MAX } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { multipart, photo, PHP_AS_JPG, type Part } from '../../test/multipart.ts';
import { createProduct, createStore } from '../catalog/testing.ts';

// Product pictures and store logos through the upload pipeline, on this database: real
// multipart, real sharp, real files in a folder of this test's own.

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-seller-images-'));
beforeAll(async () => {
  t = await createTestApp({ imagesDir: dir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => t.app.db;
/** Every file under the storage folder. */
const files = () =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.webp') || f.endsWith('.tmp'))
    .sort();
const imageRows = (prodId: number) =>
  rows<{ key: string; position: number }>(
    db(),
    sql`select key, position from product_images where product_id = ${prodId} order by position`,
  );

async function seller() {
  const s = await t.signIn('Seller');
  const store = await createStore(db(), { ownerUserId: s.user.id });
  const product = await createProduct(db(), { store, name: 'Camry brake pads' });
  return { ...s, store, id: product.prodId };
}

const send = (url: string, cookie: string, parts: Part[], headers: Record<string, string> = {}) => {
  const m = multipart(parts);
  return t.call('POST', url, { cookie, body: m.payload, headers: { ...m.headers, ...headers } });
};
const pictures = async (n: number, over: Parameters<typeof photo>[0] = {}, field = 'images') =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      field,
      filename: `part-${i}.jpg`,
      type: 'image/jpeg',
      data: await photo({
        width: 400,
        height: 300,
        colour: `#${(i * 30 + 16).toString(16)}4020`,
        ...over,
      }),
    })),
  );

describe(`product pictures: adding (${dbLabel()})`, () => {
  it('stores two pictures in every catalogue width, without EXIF, shown on the product page', async () => {
    const s = await seller();
    const r = await send(`/api/store/products/${s.id}/images`, s.cookie, await pictures(2));
    expect(r.status).toBe(201);
    expect(r.body.images).toHaveLength(2);
    expect(r.body.max).toBe(PRODUCT_IMAGES_MAX);
    const keys = r.body.images.map((i: { key: string }) => i.key);
    expect(keys[0]).toMatch(/^u-[a-f0-9]{16}$/);
    expect((await imageRows(s.id)).map((x) => x.key)).toEqual(keys);
    expect(files()).toEqual(
      expect.arrayContaining(
        keys.flatMap((k: string) => [160, 320, 640].map((w) => `${k}-${w}.webp`)),
      ),
    );

    const page = await t.get(`/api/products/${s.id}`);
    expect(page.status).toBe(200);
    const shown = page.body.item?.images ?? page.body.images;
    expect(shown.map((i: { src: string }) => i.src)).toEqual(
      keys.map((k: string) => `/images/p/${k}-640.webp`),
    );
    expect(shown[0].placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const w of [160, 320, 640]) {
      const img = await t.get(`/images/p/${keys[0]}-${w}.webp`);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const m = await sharp(img.payload).metadata();
      expect([m.width, m.height]).toEqual([w, (w * 3) / 4]);
      // The phone's EXIF (GPS position, camera, owner) is in no stored variant.
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
    }
    const original = await sharp(await photo()).metadata();
    expect(original.exif?.length).toBeGreaterThan(100);
    const mine = await t.get(`/api/store/products/${s.id}`, { cookie: s.cookie });
    expect(mine.body.item.images.map((i: { key: string }) => i.key)).toEqual(keys);
  });

  it('refuses a PHP file renamed .jpg by its bytes: 415, no file, no row', async () => {
    const s = await seller();
    const before = files();
    const r = await send(`/api/store/products/${s.id}/images`, s.cookie, [
      ...(await pictures(1)),
      { field: 'images', filename: 'shell.php.jpg', data: PHP_AS_JPG, type: 'image/jpeg' },
    ]);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(r.body.message).toMatch(/shell\.php\.jpg.*not a JPEG, PNG or WEBP/);
    expect(files()).toEqual(before);
    expect(await imageRows(s.id)).toEqual([]);
  });

  it('refuses a 30 MB picture by the size cap while streaming: 413, no file, no row', async () => {
    const s = await seller();
    const before = files();
    const big = Buffer.concat([await photo(), Buffer.alloc(30 * 1024 * 1024)]);
    const r = await send(`/api/store/products/${s.id}/images`, s.cookie, [
      { field: 'images', filename: 'huge.jpg', data: big, type: 'image/jpeg' },
    ]);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(r.body.message).toContain('at most 10 MB');
    // The same sent as a stream of unknown length: refused at the cap, not after 30 MB.
    const m = multipart([{ field: 'images', filename: 'huge.jpg', data: Buffer.alloc(0) }]);
    const cut = m.payload.indexOf('\r\n\r\n') + 4;
    const jpeg = await photo();
    let produced = 0;
    const stream = Readable.from(
      (function* () {
        yield m.payload.subarray(0, cut);
        yield jpeg;
        while (produced < 30 * 1024 * 1024) {
          produced += 1024 * 1024;
          yield Buffer.alloc(1024 * 1024);
        }
        yield m.payload.subarray(cut);
      })(),
    );
    const r2 = await t.app.inject({
      method: 'POST',
      url: `/api/store/products/${s.id}/images`,
      payload: stream,
      headers: { ...m.headers, cookie: s.cookie },
    });
    expect(r2.statusCode).toBe(413);
    expect(files()).toEqual(before);
    expect(await imageRows(s.id)).toEqual([]);
  });

  it(`takes at most ${PRODUCT_IMAGES_MAX} pictures: the 9th is refused and nothing is stored`, async () => {
    const s = await seller();
    const url = `/api/store/products/${s.id}/images`;
    expect((await send(url, s.cookie, await pictures(7))).status).toBe(201);
    let before = files();
    const two = await send(url, s.cookie, await pictures(2));
    expect(two.status).toBe(409);
    expect(two.body.message).toContain('add at most 1 more');
    expect(files()).toEqual(before);
    expect((await send(url, s.cookie, await pictures(1))).status).toBe(201);
    before = files();
    const ninth = await send(url, s.cookie, await pictures(1));
    expect(ninth.status).toBe(409);
    expect(ninth.body.message).toContain(`at most ${PRODUCT_IMAGES_MAX} pictures`);
    expect(files()).toEqual(before);
    expect(await imageRows(s.id)).toHaveLength(PRODUCT_IMAGES_MAX);
  });

  it('keeps the count when uploads race: never more than 8 rows, no file without its row', async () => {
    const s = await seller();
    const url = `/api/store/products/${s.id}/images`;
    const before = files().length;
    const batches = await Promise.all(
      [1, 2, 3, 4].map(() => pictures(3, { width: 120, height: 90 })),
    );
    const answers = await Promise.all(batches.map((b) => send(url, s.cookie, b)));
    const ok = answers.filter((a) => a.status === 201).length;
    expect(ok).toBe(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const list = await imageRows(s.id);
    expect(list).toHaveLength(6);
    expect(list.map((x) => x.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(files().length - before).toBe(6 * 3);
  });

  it('answers a page form without JavaScript with a redirect back to the product', async () => {
    const s = await seller();
    const html = { accept: 'text/html,application/xhtml+xml' };
    const url = `/api/store/products/${s.id}/images`;
    const ok = await send(url, s.cookie, await pictures(1), html);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/user/store/product/${s.id}?upload=ok`);
    const bad = await send(
      url,
      s.cookie,
      [{ field: 'images', filename: 'x.jpg', data: PHP_AS_JPG }],
      html,
    );
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe(
      `/user/store/product/${s.id}?uploadError=UNSUPPORTED_MEDIA_TYPE`,
    );
    const none = await send(
      url,
      s.cookie,
      [{ field: 'images', filename: '', data: Buffer.alloc(0) }],
      html,
    );
    expect(none.headers.location).toBe(`/user/store/product/${s.id}?uploadError=VALIDATION`);
    expect(await imageRows(s.id)).toHaveLength(1);
  });
});

describe(`product pictures: ownership (${dbLabel()})`, () => {
  it("another seller's product is 404 for every call, a buyer 403, a guest 401; nothing changes", async () => {
    const owner = await seller();
    const other = await seller();
    const buyer = await t.signIn('Buyer');
    const url = `/api/store/products/${owner.id}/images`;
    const added = await send(url, owner.cookie, await pictures(2));
    const keys = added.body.images.map((i: { key: string }) => i.key);
    const before = files();
    for (const [who, status] of [
      [other.cookie, 404],
      [buyer.cookie, 403],
      ['', 401],
    ] as const) {
      expect((await send(url, who, await pictures(1))).status, `${status} upload`).toBe(status);
      expect((await t.del(`${url}/${keys[0]}`, { cookie: who })).status, `${status} delete`).toBe(
        status,
      );
      expect((await t.put(url, { order: [...keys].reverse() }, { cookie: who })).status).toBe(
        status,
      );
      expect((await t.get(url, { cookie: who })).status).toBe(status);
    }
    expect(files()).toEqual(before);
    expect((await imageRows(owner.id)).map((x) => x.key)).toEqual(keys);
    // A key of another product is not found on mine either.
    expect(
      (await t.del(`/api/store/products/${other.id}/images/${keys[0]}`, { cookie: other.cookie }))
        .status,
    ).toBe(404);
  });
});

describe(`product pictures: delete and reorder (${dbLabel()})`, () => {
  it('reorders, then deletes a picture with its files; the product page follows', async () => {
    const s = await seller();
    const url = `/api/store/products/${s.id}/images`;
    const added = await send(url, s.cookie, await pictures(3));
    const [a, b, c] = added.body.images.map((i: { key: string }) => i.key);

    const re = await t.put(url, { order: [c, a, b] }, { cookie: s.cookie });
    expect(re.status).toBe(200);
    expect(re.body.images.map((i: { key: string }) => i.key)).toEqual([c, a, b]);
    expect((await t.put(url, { order: [c, a] }, { cookie: s.cookie })).status).toBe(400);
    expect((await t.put(url, { order: [c, a, a] }, { cookie: s.cookie })).status).toBe(400);
    expect(
      (await t.put(url, { order: [c, a, 'u-0000000000000000'] }, { cookie: s.cookie })).status,
    ).toBe(400);
    const list = await t.get(`/api/store/products?q=Camry`, { cookie: s.cookie });
    const row = list.body.items.find((p: { id: number }) => p.id === s.id);
    expect(row.image).toBe(`/images/p/${c}-160.webp`);

    const del = await t.del(`${url}/${a}`, { cookie: s.cookie });
    expect(del.status).toBe(200);
    expect(del.body.images.map((i: { key: string }) => i.key)).toEqual([c, b]);
    expect(await imageRows(s.id)).toEqual([
      { key: c, position: 0 },
      { key: b, position: 1 },
    ]);
    expect(files().filter((f) => f.startsWith(a))).toEqual([]);
    expect((await t.get(`/images/p/${a}-320.webp`)).status).toBe(404);
    expect((await t.del(`${url}/${a}`, { cookie: s.cookie })).status).toBe(404);
    const page = await t.get(`/api/products/${s.id}`);
    const shown = page.body.item?.images ?? page.body.images;
    expect(shown.map((i: { src: string }) => i.src)).toEqual([
      `/images/p/${c}-640.webp`,
      `/images/p/${b}-640.webp`,
    ]);
  });
});

describe(`store logo (${dbLabel()})`, () => {
  it('sets, replaces and removes the logo; the old files go; others cannot', async () => {
    const s = await seller();
    const first = await send('/api/store/logo', s.cookie, await pictures(1, {}, 'logo'));
    expect(first.status).toBe(200);
    expect(first.body.logo).toMatch(/^\/images\/logos\/l-[a-f0-9]{16}-192\.webp$/);
    const img = await t.get(first.body.logo);
    expect(img.status).toBe(200);
    const m = await sharp(img.payload).metadata();
    expect([m.format, m.width, m.height, m.exif]).toEqual(['webp', 192, 192, undefined]);
    expect((await t.get(first.body.logo.replace('-192', '-96'))).status).toBe(200);
    const profile = await t.get('/api/store/profile', { cookie: s.cookie });
    expect(profile.body.store?.logo ?? profile.body.item?.logo).toBe(first.body.logo);

    const second = await send(
      '/api/store/logo',
      s.cookie,
      await pictures(1, { format: 'png' }, 'logo'),
    );
    expect(second.status).toBe(200);
    expect((await t.get(first.body.logo)).status).toBe(404);
    const firstKey = first.body.logo.split('/').pop().replace('-192.webp', '');
    expect(files().filter((f) => f.includes(firstKey))).toEqual([]);

    // Another seller naming this store, a bad file: refused, nothing changes.
    const other = await seller();
    const before = files();
    const theirs = await send(
      `/api/store/logo?storeId=${s.store.id}`,
      other.cookie,
      await pictures(1, {}, 'logo'),
    );
    expect(theirs.status).toBe(403);
    const bad = await send('/api/store/logo', s.cookie, [
      { field: 'logo', filename: 'a.png', data: PHP_AS_JPG },
    ]);
    expect(bad.status).toBe(415);
    expect(files()).toEqual(before);
    const [row] = await rows<{ logo: string }>(
      db(),
      sql`select logo from stores where id = ${s.store.id}`,
    );
    expect(row.logo).toBe(second.body.logo);

    const gone = await t.del('/api/store/logo', { cookie: s.cookie });
    expect(gone.status).toBe(200);
    expect(gone.body.logo).toBe(`/images/stores/${s.store.urlName}.svg`);
    expect(files().filter((f) => f.startsWith('logos/'))).toEqual(
      before.filter((f) => f.startsWith('logos/') && !second.body.logo.includes(f.slice(6, 24))),
    );
  });
});
