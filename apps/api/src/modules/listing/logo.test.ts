import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { multipart, photo, PHP_AS_JPG } from '../../test/multipart.ts';
import { seedProviders } from '../providers/seed.ts';

// A mechanic's or tow van's logo through the upload pipeline (lib/uploads.ts).

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-listing-logo-'));
beforeAll(async () => {
  t = await createTestApp({ imagesDir: dir, providersListCacheMs: 60_000 });
  await seedProviders(t.handle.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => t.handle.db;
const files = () =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.webp'))
    .sort();

async function provider(kind: 'mechanic' | 'towvan', n = 0) {
  const u = await t.signIn(kind === 'mechanic' ? 'Mechanic' : 'Tow Van');
  const [{ sp_id }] = await rows<{ sp_id: number }>(
    db(),
    sql`select sp_id from service_providers where kind = ${kind} and owner_user_id is null
        order by sp_id offset ${n} limit 1`,
  );
  await db().execute(
    sql`update service_providers set owner_user_id = ${u.user.id} where sp_id = ${sp_id}`,
  );
  return { ...u, spId: sp_id };
}

const send = async (
  cookie: string,
  data: Buffer,
  query = '',
  headers: Record<string, string> = {},
) => {
  const m = multipart([{ field: 'logo', filename: 'logo.jpg', data, type: 'image/jpeg' }]);
  return t.call('POST', `/api/provider/logo${query}`, {
    cookie,
    body: m.payload,
    headers: { ...m.headers, ...headers },
  });
};

describe(`provider logo (${dbLabel()})`, () => {
  it('a mechanic sets a logo: the public page shows it, EXIF gone; replacing removes the old files', async () => {
    const m = await provider('mechanic');
    const r = await send(m.cookie, await photo());
    expect(r.status).toBe(200);
    const logo = r.body.item.own_logo as string;
    expect(logo).toMatch(/^\/images\/logos\/l-[a-f0-9]{16}-192\.webp$/);
    expect(r.body.item.company_logo).toBe(logo);
    const pub = await t.get(`/api/mechanics/${m.spId}`);
    expect(pub.body.item?.company_logo ?? pub.body.company_logo).toBe(logo);
    const img = await t.get(logo);
    const meta = await sharp(img.payload).metadata();
    expect([img.status, meta.width, meta.height, meta.exif]).toEqual([200, 192, 192, undefined]);

    const again = await send(m.cookie, await photo({ format: 'webp', colour: '#2266aa' }));
    expect(again.status).toBe(200);
    expect((await t.get(logo)).status).toBe(404);
    expect(files().filter((f) => f.startsWith('logos/'))).toHaveLength(2);

    const gone = await t.del('/api/provider/logo', { cookie: m.cookie });
    expect(gone.status).toBe(200);
    expect(gone.body.item.own_logo).toBeNull();
    expect(gone.body.item.company_logo).toBe(`/images/sp/${m.spId}.svg`);
    expect(files().filter((f) => f.startsWith('logos/'))).toEqual([]);
  });

  it('refuses bad files, other listings and other roles; nothing is stored', async () => {
    const m = await provider('mechanic', 1);
    const tow = await provider('towvan');
    const seller = await t.signIn('Seller');
    const before = files();
    expect((await send(m.cookie, PHP_AS_JPG)).status).toBe(415);
    expect(
      (await send(m.cookie, Buffer.concat([await photo(), Buffer.alloc(11 * 1024 * 1024)]))).status,
    ).toBe(413);
    expect((await send(m.cookie, await photo(), `?spId=${tow.spId}`)).status).toBe(404);
    expect((await send(seller.cookie, await photo())).status).toBe(403);
    expect((await send('', await photo())).status).toBe(401);
    expect(files()).toEqual(before);
    const [row] = await rows<{ company_logo: string | null }>(
      db(),
      sql`select company_logo from service_providers where sp_id = ${tow.spId}`,
    );
    expect(row.company_logo).toBeNull();
  });

  it('a tow van posting the form without JavaScript goes back to its garage page', async () => {
    const tow = await provider('towvan', 1);
    const html = { accept: 'text/html' };
    const ok = await send(tow.cookie, await photo(), '', html);
    expect([ok.status, ok.headers.location]).toEqual([303, '/user/garage?upload=ok']);
    const bad = await send(tow.cookie, PHP_AS_JPG, '', html);
    expect(bad.headers.location).toBe('/user/garage?uploadError=UNSUPPORTED_MEDIA_TYPE');
  });
});
