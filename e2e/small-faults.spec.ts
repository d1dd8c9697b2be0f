import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

test.describe('unknown provider ids', () => {
  for (const path of ['/mechanic/999999', '/towvan/999999', '/sp/999999', '/mechanic/not-an-id']) {
    test(`${path} is '404 Not Found', loaded or navigated to`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page).toHaveTitle('404 Not Found | SpareFinder NG');
      await expect(page.getByRole('heading', { name: '404', level: 1 })).toBeVisible();
      await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
      await expect(page.getByText('Internal Server Error')).toHaveCount(0);

      // The same page reached inside the app (the router's data request, not a page load).
      await page.goto('/');
      await hydrated(page);
      await page.evaluate((p) => (window as any).__reactRouterDataRouter.navigate(p), path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
      await expect(page).toHaveTitle('404 Not Found | SpareFinder NG');
      await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    });
  }
});
