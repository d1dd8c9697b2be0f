import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, withApp, type TestApp } from '../../test/helper.ts';
import { multipart, photo } from '../../test/multipart.ts';
import { startS3 } from '../../test/s3-server.ts';
import { seedProviders } from '../providers/seed.ts';
import { parseS3Url, s3Storage } from '../../lib/storage.ts';

// With S3_URL, uploads land in the bucket and any app on the same bucket (another machine)
// serves them with the same year-long immutable caching; a public bucket is redirected to.

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3('sf-images');
  t = await createTestApp({ s3Url: s3.url });
  await seedProviders(t.handle.db);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe(`uploads in S3 (${dbLabel()})`, () => {
  it('a logo uploaded through one app is in the bucket and served by another', async () => {
    const u = await t.signIn('Mechanic');
    const [{ sp_id }] = await rows<{ sp_id: number }>(
      t.handle.db,
      sql`select sp_id from service_providers where kind = 'mechanic' and owner_user_id is null
          order by sp_id limit 1`,
    );
    await t.handle.db.execute(
      sql`update service_providers set owner_user_id = ${u.user.id} where sp_id = ${sp_id}`,
    );
    const m = multipart([
      { field: 'logo', filename: 'logo.jpg', data: await photo(), type: 'image/jpeg' },
    ]);
    const r = await t.call('POST', '/api/provider/logo', {
      cookie: u.cookie,
      body: m.payload,
      headers: m.headers,
    });
    expect(r.status).toBe(200);
    const logo = r.body.item.own_logo as string;
    const file = logo.replace('/images/', '');
    const bucket = s3Storage(parseS3Url(s3.url));
    // Both variants went to the bucket.
    expect(await bucket.has(file)).toBe(true);
    expect(await bucket.has(file.replace('-192.', '-96.'))).toBe(true);

    await withApp({ db: t.handle.db, config: { s3Url: s3.url } }, async (b) => {
      const img = await b.get(logo);
      expect(img.status).toBe(200);
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(img.headers['content-type']).toBe('image/webp');
      expect((await sharp(img.payload).metadata()).width).toBe(192);
      expect((await b.get(logo.replace(/l-[a-f0-9]+/, 'l-0000000000000000'))).status).toBe(404);
    });

    await withApp(
      { db: t.handle.db, config: { s3Url: `${s3.url}&public=https://cdn.example.ng/files` } },
      async (c) => {
        const img = await c.get(logo);
        expect(img.status).toBe(301);
        expect(img.headers.location).toBe(`https://cdn.example.ng/files/${file}`);
        // Missing files are still a 404 here, not a redirect to one.
        expect((await c.get(logo.replace(/l-[a-f0-9]+/, 'l-0000000000000000'))).status).toBe(404);
      },
    );
  });
});
