import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

// Our <Link> (components/link.tsx) is a plain <a data-nav> that root.tsx's click handler
// navigates inside the page: it must behave as React Router's <Link> does.
test.describe('links to our pages', () => {
  test('a product card navigates inside the page, prefetches on intent, and a modified click is left to the browser', async ({
    page,
  }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    await page.evaluate(() => ((window as any).__samePage = true));
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    const card = page.getByTestId('product-card').first().getByRole('link').first();
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/product\//);
    expect(await card.getAttribute('data-discover')).toBe('true');

    // A pointer resting on the card fetches the product's page data before the click.
    const data = page.waitForRequest((r) => r.url().includes(`${href}.data`));
    await card.hover();
    await data;
    expect(await page.locator(`link[rel="prefetch"][href^="${href}.data"]`).count()).toBe(1);

    // Ctrl+click is the browser's (a new tab), not an in-page navigation.
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      card.click({ modifiers: ['Control'] }),
    ]);
    await popup.close();
    await expect(page).toHaveURL(/\/spares-parts$/);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
    expect(documents).toEqual([]);
  });

  test('a link to the page already shown replaces its history entry', async ({ page }) => {
    await page.goto('/mechanics');
    await hydrated(page);
    const home = page.getByRole('link', { name: 'SpareFinder NG home' });
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    const depth = await page.evaluate(() => history.length);
    await page.evaluate(() => ((window as any).__samePage = true));
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => history.length)).toBe(depth);
    expect(await page.evaluate(() => (window as any).__samePage)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/mechanics$/);
  });
});
