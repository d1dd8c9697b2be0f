import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

// Data saver (Save-Data, docs/decisions/0028): no picture of the catalogue is fetched on the
// pages a buyer browses — product photos, category icons, store and workshop logos, blog
// covers — until one is tapped. Only the site's own icons (the header's, inline or cached) may load.

// Any request for one counts, an <img>'s or a <use>'s (the category tiles' sheet).
const CONTENT = /\/(images|uploads)\//;

for (const path of ['/', '/mechanics', '/towvans', '/blogs', '/store/ladipo-genuine-parts']) {
  test(`with Save-Data, ${path} fetches no catalogue picture`, async ({ browser }) => {
    const ctx = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: test.info().project.use.viewport,
      extraHTTPHeaders: { 'Save-Data': 'on' },
      serviceWorkers: 'block',
    });
    try {
      const page = await ctx.newPage();
      const pictures: string[] = [];
      page.on('request', (r) => {
        if (CONTENT.test(new URL(r.url()).pathname)) pictures.push(r.url());
      });
      await page.goto(path);
      await hydrated(page);
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
      expect(pictures).toEqual([]);
      if (!process.env.CI)
        await page.screenshot({
          path: `/tmp/shots/lite${path.replace(/\W+/g, '-')}-${test.info().project.name}.png`,
        });
      expect(
        await page
          .locator(`main img`)
          .evaluateAll((imgs) =>
            imgs
              .map((i) => (i as HTMLImageElement).src)
              .filter((s) => /\/(images|uploads)\//.test(s)),
          ),
      ).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
}

test('without Save-Data the same pages show their pictures (the check above can fail)', async ({
  page,
}) => {
  const pictures: string[] = [];
  page.on('request', (r) => {
    if (CONTENT.test(new URL(r.url()).pathname)) pictures.push(r.url());
  });
  await page.goto('/');
  await hydrated(page);
  await page.goto('/mechanics');
  await hydrated(page);
  expect(pictures.length).toBeGreaterThan(0);
});
