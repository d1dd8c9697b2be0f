import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { multipart, photo, PHP_AS_JPG } from '../../test/multipart.ts';
import { makeId } from '../catalog/testing.ts';
import { placeIds } from '../checkout/testing.ts';

// A request's optional photo goes through the same pipeline as product pictures: real multipart,
// real sharp, real files in this test's own folder.

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-request-photo-'));
let body: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp({ imagesDir: dir });
  body = {
    kind: 'part',
    catId: 601,
    makeId: await makeId(t.app.db, 'Toyota'),
    year: 2010,
    ...(await placeIds(t.app.db, 'Lagos', 'Ikeja')),
    description: 'Left headlamp for a 2010 Corolla',
    urgency: 'today',
  };
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const webps = () =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.webp'))
    .sort();

const send = async (id: number, cookie: string, data: Buffer, accept = 'application/json') => {
  const m = multipart([{ field: 'photo', filename: 'lamp.jpg', type: 'image/jpeg', data }]);
  return t.call('POST', `/api/requests/${id}/photo`, {
    cookie,
    body: m.payload,
    headers: { ...m.headers, accept },
  });
};

async function request() {
  const buyer = await t.signIn('Buyer');
  const made = await t.post('/api/requests', body, { cookie: buyer.cookie });
  expect(made.status).toBe(201);
  expect(made.body.item.photo).toBeNull();
  return { ...buyer, id: made.body.item.id as number };
}

describe(`a broadcast request's photo (${dbLabel()})`, () => {
  it('puts a photo on the request, replaces it (old files removed) and takes it off', async () => {
    const r = await request();
    const first = await send(r.id, r.cookie, await photo({ width: 800, height: 600 }));
    expect(first.status).toBe(200);
    expect(first.body.item.photo).toMatchObject({ width: 320, height: 240 });
    expect(first.body.item.photo.src).toMatch(/^\/images\/p\/u-[a-f0-9]{16}-320\.webp$/);
    const img = await t.get(first.body.item.photo.src);
    expect(img.status).toBe(200);
    expect(webps()).toHaveLength(3);
    const detail = await t.get(`/api/requests/${r.id}`, { cookie: r.cookie });
    expect(detail.body.item.photo.src).toBe(first.body.item.photo.src);

    const second = await send(r.id, r.cookie, await photo({ width: 600, height: 800 }));
    expect(second.status).toBe(200);
    expect(second.body.item.photo.src).not.toBe(first.body.item.photo.src);
    expect(webps()).toHaveLength(3);

    const gone = await t.del(`/api/requests/${r.id}/photo`, { cookie: r.cookie });
    expect(gone.status).toBe(200);
    expect(gone.body.item.photo).toBeNull();
    expect(webps()).toHaveLength(0);
  });

  it('a page form is sent back to the request page with the outcome', async () => {
    const r = await request();
    const ok = await send(r.id, r.cookie, await photo(), 'text/html');
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/broadcast/${r.id}?upload=ok`);
    const bad = await send(r.id, r.cookie, PHP_AS_JPG, 'text/html');
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toMatch(new RegExp(`^/broadcast/${r.id}\\?uploadError=`));
    await t.del(`/api/requests/${r.id}/photo`, { cookie: r.cookie });
  });

  it('refuses a file that is not a picture, another user, a guest and a closed request', async () => {
    const r = await request();
    const fake = await send(r.id, r.cookie, PHP_AS_JPG);
    expect(fake.status).toBe(415);
    expect(fake.body.message).toMatch(/JPEG, PNG or WebP/i);
    const stranger = await t.signIn('Seller');
    expect((await send(r.id, stranger.cookie, await photo())).status).toBe(404);
    expect((await t.del(`/api/requests/${r.id}/photo`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect((await send(r.id, '', await photo())).status).toBe(401);
    await t.post(`/api/requests/${r.id}/close`, undefined, { cookie: r.cookie });
    const late = await send(r.id, r.cookie, await photo());
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/no longer open/);
    expect(webps()).toHaveLength(0);
  });
});
