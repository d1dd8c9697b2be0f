import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import Validator, { type Issue } from '@adobe/structured-data-validator';
import sharp from 'sharp';
import { expectAccessible, hydrated } from './helpers.ts';

/*
 * What Google and WhatsApp read: the sitemap, a product page's JSON-LD and its preview image.
 * The JSON-LD is checked by Adobe's structured-data validator (Google's rich-result rules for
 * Product, Offer, AggregateRating and BreadcrumbList: required fields, value types, currency
 * codes) together with schema.org's own vocabulary (every type exists, every property belongs to
 * its type). The vocabulary is schema.org's published file, kept in e2e/fixtures (no network here).
 */
const vocabulary = JSON.parse(
  zlib
    .gunzipSync(
      fs.readFileSync(new URL('./fixtures/schemaorg-current-https.jsonld.gz', import.meta.url)),
    )
    .toString(),
);

/** The page's JSON-LD blocks, grouped by type as the validator takes them. */
async function structuredData(page: Page) {
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown> & { '@type': string },
  );
  const jsonld: Record<string, unknown[]> = {};
  for (const b of blocks) (jsonld[b['@type']] ??= []).push(structuredClone(b));
  return { blocks, jsonld };
}

/** Errors, and properties schema.org does not know: none allowed. Other warnings are listed. */
async function validate(jsonld: Record<string, unknown[]>) {
  const issues: Issue[] = await new Validator(vocabulary).validate({ jsonld });
  const bad = issues.filter((i) => i.severity === 'ERROR' || i.errorType === 'schemaOrg');
  const advice = issues.filter((i) => !bad.includes(i)).map((i) => i.issueMessage);
  return { bad: bad.map((i) => `${i.rootType}: ${i.issueMessage}`), advice };
}

test.describe('found and shared well', () => {
  test('the sitemap lists product URLs; a product page’s JSON-LD validates as a Product; its preview image is a JPEG', async ({
    page,
    baseURL,
  }) => {
    const index = await page.request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toMatch(/^application\/xml/);
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const products = files.find((f) => /\/sitemaps\/products-1\.xml$/.test(f));
    expect(products, files.join('\n')).toBeTruthy();
    // Every URL is on the site's public address (PUBLIC_URL; here the address it listens on).
    expect(products!.startsWith(baseURL!)).toBe(true);
    const list = await (await page.request.get(new URL(products!).pathname)).text();
    const urls = [...list.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(urls.length).toBeGreaterThan(100);
    for (const [, loc, lastmod] of urls.slice(0, 50)) {
      expect(loc).toMatch(new RegExp(`^${baseURL}/product/\\d+$`));
      expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }

    // A product from the sitemap, opened as a visitor would, at phone size.
    const url = new URL(urls[0][1]);
    await page.goto(url.pathname);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { blocks, jsonld } = await structuredData(page);
    expect(Object.keys(jsonld).sort()).toEqual(['BreadcrumbList', 'Product']);
    const product = blocks.find((b) => b['@type'] === 'Product') as any;
    expect(product.offers.priceCurrency).toBe('NGN');
    expect(typeof product.offers.price).toBe('number');
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    const { bad, advice } = await validate(jsonld);
    expect(bad).toEqual([]);
    console.info(`validator advice (not errors): ${[...new Set(advice)].join(' | ') || 'none'}`);

    // The validator is not a rubber stamp: the same Product without its offer fails.
    const broken = { ...product, offers: undefined, name: undefined };
    expect((await validate({ Product: [broken] })).bad.length).toBeGreaterThan(0);
    const unknown = { ...product, wheelSizeOfThePart: 15 };
    expect((await validate({ Product: [unknown] })).bad).toEqual([
      'Product: Property "wheelSizeOfThePart" for type "Product" is not supported by the schema.org specification',
    ]);

    // The preview image WhatsApp fetches: a JPEG, 1200x630.
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${baseURL}/og/product/\\d+\\.jpg`));
    const res = await page.request.get(image!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const bytes = await res.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}${url.pathname}`,
    );
    await expectAccessible(page);
  });

  test('a mechanic’s page carries a valid AutoRepair business with address and phone', async ({
    page,
  }) => {
    await page.goto('/mechanics');
    await page.locator('main a[href^="/mechanic/"]').first().click();
    await expect(page).toHaveURL(/\/mechanic\/\d+$/);
    // After a client-side navigation React Router changes the address first and renders the new
    // page (its <head> too) in a transition after it: until then the list's head is still there.
    // Wait for the mechanic's own JSON-LD, as a crawler (served the whole page) never has to.
    await expect
      .poll(async () => (await structuredData(page)).blocks.map((b) => b['@type']))
      .toContain('AutoRepair');
    const { blocks, jsonld } = await structuredData(page);
    const business = blocks.find((b) => b['@type'] === 'AutoRepair') as any;
    expect(business.address.addressCountry).toBe('NG');
    expect(business.telephone).toMatch(/^\+234\d{10}$/);
    expect((await validate(jsonld)).bad).toEqual([]);
  });

  test('robots.txt keeps crawlers out of accounts and checkout and names the sitemap', async ({
    page,
    baseURL,
  }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /user');
    expect(robots).toContain('Disallow: /shopping/');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
