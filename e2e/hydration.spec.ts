import { expect, test, type Page } from '@playwright/test';
import { collectProblems, hydrated } from './helpers.ts';

// Guards the page as a whole after hydration and client navigation: one document, its
// stylesheet in place, styles applied, and no script errors or CSP violations on the way.
async function integrity(page: Page) {
  const facts = await page.evaluate(() => ({
    htmls: document.querySelectorAll('html').length,
    bodies: document.querySelectorAll('body').length,
    mains: document.querySelectorAll('main').length,
    stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
    headerBg: getComputedStyle(document.querySelector('header')!).backgroundColor,
  }));
  expect(facts).toMatchObject({ htmls: 1, bodies: 1, mains: 1 });
  expect(facts.stylesheets).toBeGreaterThanOrEqual(1);
  expect(facts.headerBg).not.toBe('rgba(0, 0, 0, 0)');
}

test('pages stay whole through hydration, navigation and error pages', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await hydrated(page);
  await integrity(page);
  const tabs = page.getByRole('navigation', { name: 'Find' });
  await tabs.getByRole('link', { name: 'MECHANICS' }).click();
  await expect(page).toHaveURL(/\/mechanics/);
  await integrity(page);
  await page.goto('/no/such/page');
  await hydrated(page);
  await integrity(page);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await integrity(page);
  await tabs.getByRole('link', { name: 'SPARE PARTS' }).click();
  await expect(page).toHaveURL(/\/spares-parts/);
  await integrity(page);
  expect(problems).toEqual([]);
});
