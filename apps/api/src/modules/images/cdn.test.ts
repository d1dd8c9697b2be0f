import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../../app.ts';
import { registerWeb } from '../../web.ts';
import { client } from '../../test/helper.ts';
import { createUser } from '../../test/factories.ts';
import { multipart, photo } from '../../test/multipart.ts';
import { startS3 } from '../../test/s3-server.ts';
import { createProduct, createStore } from '../catalog/testing.ts';
import { servePicturesFrom } from './urls.ts';

// With S3_URL's `public=` (a CDN in front of the bucket), pages name the CDN in `src` and the
// content security policy allows it: a product picture renders in a real browser, without a
// redirect through us and without a policy violation.

let s3: Awaited<ReturnType<typeof startS3>>;
let handle: DbHandle;
let app: FastifyInstance;
let browser: Browser;
let base = '';

beforeAll(async () => {
  s3 = await startS3('sf-cdn');
  handle = await createTestDb();
  app = await buildApp({
    db: handle.db,
    // s3rver serves a bucket's objects path-style to anyone: it stands in for the CDN.
    config: { s3Url: `${s3.url}&public=${s3.endpoint}/${s3.bucket}`, pageCacheMs: 0 },
  });
  await registerWeb(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await handle?.close();
  await s3?.stop();
  // The pictures' base is per process: the next file's apps serve from this site again.
  servePicturesFrom(undefined);
});

describe('pictures through a CDN', () => {
  it('a product page shows its picture straight from the CDN, allowed by the policy', async () => {
    const seller = await createUser(handle.db, 'Seller');
    const store = await createStore(handle.db, { ownerUserId: seller.user.id });
    const product = await createProduct(handle.db, { store, name: 'Corolla headlamp left' });
    const m = multipart([
      { field: 'images', filename: 'lamp.jpg', type: 'image/jpeg', data: await photo() },
    ]);
    const up = await client(app).call('POST', `/api/store/products/${product.prodId}/images`, {
      cookie: seller.cookie,
      body: m.payload,
      headers: m.headers,
    });
    expect(up.status).toBe(201);

    const answer = await client(app).get(`/api/products/${product.prodId}`);
    const cdn = `${s3.endpoint}/${s3.bucket}/`;
    expect(JSON.stringify(answer.body)).toContain(cdn);

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const res = await page.goto(`${base}/product/${product.prodId}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain(
      `img-src 'self' data: blob: ${s3.endpoint}`,
    );
    const img = page.locator(`img[src^="${cdn}"]`).first();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await page.close();
  });
});
