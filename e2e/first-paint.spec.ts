import { expect, test, type Page } from '@playwright/test';
import { collectProblems, hydrated } from './helpers.ts';

// The page's JavaScript is fetched only after the first screen's photos (those marked high
// priority) have arrived, and the page still hydrates, with no script error or CSP refusal.

/**
 * Opens `path` and waits for hydration; gives back the page's problems (script errors, CSP
 * refusals), when its first script was asked for, and when each high-priority photo had arrived.
 */
async function openHydrated(page: Page, path: string) {
  const problems = collectProblems(page);
  await page.goto(path);
  await hydrated(page);
  const order = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const high = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(
      (i) => i.currentSrc,
    );
    return {
      highPhotos: high.length,
      photosDone: entries.filter((e) => high.includes(e.name)).map((e) => e.responseEnd),
      firstScript: Math.min(
        ...entries.filter((e) => /\/assets\/.+\.js$/.test(e.name)).map((e) => e.startTime),
      ),
    };
  });
  return { problems, order };
}

// A demo product with photos (the parts list's first cards may be other tests' photo-less parts).
test('a product page asks for its scripts after its photo and then hydrates', async ({ page }) => {
  const { problems, order } = await openHydrated(page, '/product/2100');
  expect(order.highPhotos).toBeGreaterThan(0);
  expect(order.photosDone).toHaveLength(order.highPhotos);
  for (const done of order.photosDone) expect(order.firstScript).toBeGreaterThanOrEqual(done);
  // Hydrated for real: the client router takes a link without a page load.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: 'SpareFinder NG home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(problems).toEqual([]);
});

test('a page without photos hydrates as soon as it has painted', async ({ page }) => {
  const { problems, order } = await openHydrated(page, '/contact-us');
  expect(order.highPhotos).toBe(0);
  expect(order.firstScript).toBeLessThan(5_000);
  expect(problems).toEqual([]);
});
