import { expect, test, type APIRequestContext } from '@playwright/test';
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

/** A demo part with at least three in stock. */
async function partInStock(request: APIRequestContext) {
  const list = await (
    await request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  for (const p of list.items as { prod_id: number }[]) {
    const d = (await (await request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (typeof d.stock === 'number' && d.stock >= 3)
      return { id: p.prod_id as number, name: d.name as string };
  }
  throw new Error('no demo part with 3 in stock');
}

test("pressing 'Add to cart' again updates one confirmation, no toasts over the header", async ({
  page,
}) => {
  const part = await partInStock(page.request);
  await page.goto(`/product/${part.id}`);
  await hydrated(page);
  const add = page.getByTestId('add-to-cart');
  await add.click();
  await expect(page.getByTestId('cart-confirmation')).toContainText('(1 of this part)');
  await add.click();
  await add.click();
  await expect(page.getByTestId('cart-confirmation')).toContainText('(3 of this part)');
  await expect(page.getByTestId('cart-confirmation')).toHaveCount(1);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  // The confirmation sits under the button, clear of the sticky header.
  const header = await page.locator('header').first().boundingBox();
  const note = await page.getByTestId('cart-confirmation').boundingBox();
  expect(note!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});
