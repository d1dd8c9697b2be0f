import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows } from '@sf/db';
import { app, base, handle, useWebServer } from '../../test/web-server.ts';
import { as, type World } from '../checkout/testing.ts';
import { orderUpTo } from '../reviews/testing.ts';
import { createProduct, createStore, makeId, modelId } from '../catalog/testing.ts';
import { seedProviders } from '../providers/seed.ts';

// The built pages on a real port (PUBLIC_URL https://sparefinder.test): what search engines and
// WhatsApp read in a page's <head>.

useWebServer();
const PUBLIC_URL = 'https://sparefinder.test';

/** A GET with the Host and X-Forwarded-* headers a client chooses (fetch would drop Host). */
function getWith(pathname: string, headers: Record<string, string>) {
  const u = new URL(base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: u.hostname, port: u.port, path: pathname, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]+)"/);
const og = (html: string, p: string) =>
  attr(html, new RegExp(`<meta property="og:${p}" content="([^"]*)"`));
const ld = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

describe('canonical and Open Graph links', () => {
  it('come from PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const store = await createStore(handle.db, { urlName: 'allen-spares' });
    const p = await createProduct(handle.db, { store, name: 'Brake pads', imageKey: 'g-601-1' });
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    };
    for (const path of [
      '/',
      `/product/${p.prodId}`,
      '/mechanics',
      '/spares-parts',
      `/store/allen-spares`,
    ]) {
      for (const headers of [forged, {}]) {
        const r = await getWith(path, headers);
        expect(r.status, path).toBe(200);
        const want = `${PUBLIC_URL}${path}`;
        expect(canonical(r.body), path).toBe(want);
        expect(og(r.body, 'url'), path).toBe(want);
        expect(og(r.body, 'image'), path).toMatch(/^https:\/\/sparefinder\.test\/og\/.+\.jpg/);
        expect(r.body, path).not.toContain('evil.example');
      }
    }
  });
});

describe('a product page', () => {
  it('reads well in a WhatsApp preview and carries a Product with an Offer in naira and breadcrumbs', async () => {
    const store = await createStore(handle.db, { urlName: 'ladipo-parts', name: 'Ladipo Parts' });
    const toyota = await makeId(handle.db, 'Toyota');
    const corolla = await modelId(handle.db, 'Toyota', 'Corolla');
    const p = await createProduct(handle.db, {
      store,
      name: 'Toyota Corolla Headlamp',
      price: 45000,
      sales: 42500.5,
      stock: 0,
      partNumber: '81150-02A10',
      imageKey: 'g-601-3',
      fitments: [{ makeId: toyota, modelId: corolla, yearFrom: 2008, yearTo: 2013 }],
    });
    const r = await getWith(`/product/${p.prodId}`, {});
    expect(r.status).toBe(200);
    const title = attr(r.body, /<title>([^<]+)<\/title>/)!;
    expect(title).toContain('₦42,500.5');
    expect(title).toContain('Ikeja');
    expect(og(r.body, 'title')).toBe('Toyota Corolla Headlamp: ₦42,500.5');
    const description = og(r.body, 'description')!;
    expect(description).toMatch(
      /^₦42,500\.5 · New · fits Toyota Corolla 2008–2013 · out of stock · sold by Ladipo Parts in Ikeja, Lagos/,
    );
    const image = og(r.body, 'image')!;
    expect(image).toBe(`${PUBLIC_URL}/og/product/${p.prodId}.jpg?v=g-601-3`);
    // The card it names is there, a JPEG of 1200x630.
    const card = await fetch(`${base}${new URL(image).pathname}${new URL(image).search}`);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);

    const blocks = ld(r.body);
    const product = blocks.find((b) => b['@type'] === 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Toyota Corolla Headlamp',
      sku: String(p.prodId),
      mpn: '81150-02A10',
      url: `${PUBLIC_URL}/product/${p.prodId}`,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'NGN',
        // The sale price in naira (kobo / 100), as a number.
        price: 42500.5,
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: {
          '@type': 'Organization',
          name: 'Ladipo Parts',
          url: `${PUBLIC_URL}/store/ladipo-parts`,
        },
      },
    });
    expect(product.image[0]).toMatch(/^https:\/\/sparefinder\.test\/images\/p\/g-601-3-640\.webp$/);
    // No reviews yet: no rating at all (an empty or invented one would be a lie to search engines).
    expect(product.aggregateRating).toBeUndefined();
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Spare parts',
      expect.any(String),
      expect.any(String),
      'Toyota Corolla Headlamp',
    ]);
    expect(crumbs.itemListElement.at(-1).item).toBe(`${PUBLIC_URL}/product/${p.prodId}`);
    // In stock: InStock.
    await handle.db.execute(sql`update products set stock = 3 where prod_id = ${p.prodId}`);
    const again = ld((await getWith(`/product/${p.prodId}?x=1`, {})).body).find(
      (b) => b['@type'] === 'Product',
    );
    expect(again.offers.availability).toBe('https://schema.org/InStock');
  });
});

describe('mechanic and tow-van pages', () => {
  it('carry a LocalBusiness with address and phone, and breadcrumbs', async () => {
    await seedProviders(handle.db);
    const [m] = await rows<{ sp_id: number; company_name: string; city: string }>(
      handle.db,
      sql`select p.sp_id, p.company_name, c.name as city from service_providers p join cities c on c.id = p.city_id
          where p.kind = 'mechanic' and p.active order by p.sp_id limit 1`,
    );
    const [v] = await rows<{ sp_id: number }>(
      handle.db,
      sql`select sp_id from service_providers where kind = 'towvan' and active order by sp_id limit 1`,
    );
    const page = await getWith(`/mechanic/${m.sp_id}`, { host: 'evil.example' });
    expect(page.status).toBe(200);
    expect(canonical(page.body)).toBe(`${PUBLIC_URL}/mechanic/${m.sp_id}`);
    expect(og(page.body, 'title')).toBe(
      `${m.company_name}, mechanic in ${m.city}, ${attr(page.body, /"addressRegion":"([^"]+)"/)}`,
    );
    const business = ld(page.body).find((b) => b['@type'] === 'AutoRepair');
    expect(business).toMatchObject({
      name: m.company_name,
      url: `${PUBLIC_URL}/mechanic/${m.sp_id}`,
      telephone: expect.stringMatching(/^\+234\d{10}$/),
      address: { '@type': 'PostalAddress', addressLocality: m.city, addressCountry: 'NG' },
    });
    expect(
      ld(page.body).find((b) => b['@type'] === 'BreadcrumbList').itemListElement[0],
    ).toMatchObject({
      name: 'Mechanics',
      item: `${PUBLIC_URL}/mechanics`,
    });
    const tow = await getWith(`/towvan/${v.sp_id}`, {});
    const van = ld(tow.body).find((b) => b['@type'] === 'AutomotiveBusiness');
    expect(van.address.addressCountry).toBe('NG');
    expect(van.telephone).toMatch(/^\+234\d{10}$/);
  });
});

describe('ratings in the structured data', () => {
  it('come only from buyers’ reviews, and only once there are some', async () => {
    const w = { app, db: handle.db } as unknown as World;
    // Paid in cash on delivery, then received: the buyer may review it.
    const { s, p, buyer, order } = await orderUpTo(w, 'delivered', { method: 'pay_on_delivery' });
    expect((await as(app, s.cookie).post(`/api/store/orders/${order.id}/mark-paid`)).status).toBe(
      200,
    );
    expect((await as(app, buyer.cookie).post(`/api/orders/${order.id}/received`)).status).toBe(200);
    const before = ld((await getWith(`/product/${p.prodId}`, {})).body).find(
      (b) => b['@type'] === 'Product',
    );
    expect(before.aggregateRating).toBeUndefined();
    const r = await as(app, buyer.cookie).post('/api/reviews', {
      orderId: order.id,
      productId: p.prodId,
      storeRating: 5,
      productRating: 4,
      body: 'Fitted well <b>on</b> my Corolla',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const page = await getWith(`/product/${p.prodId}?after=review`, {});
    const product = ld(page.body).find((b) => b['@type'] === 'Product');
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review[0]).toMatchObject({
      '@type': 'Review',
      reviewRating: { ratingValue: 4 },
      reviewBody: 'Fitted well <b>on</b> my Corolla',
    });
    // The text is JSON inside the page, never markup: no tag of the buyer's reaches the HTML.
    expect(page.body).not.toContain('<b>on</b>');
    // Hidden by staff: out of the rating, so out of the structured data.
    await handle.db.execute(sql`update reviews set hidden_at = now() where order_id = ${order.id}`);
    const hidden = ld((await getWith(`/product/${p.prodId}?after=hidden`, {})).body).find(
      (b) => b['@type'] === 'Product',
    );
    expect(hidden.aggregateRating).toBeUndefined();
  });
});
