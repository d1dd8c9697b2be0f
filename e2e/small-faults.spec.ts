import { expect, test, type APIRequestContext } from '@playwright/test';
import { hydrated, uniquePhone } from './helpers.ts';

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
    // More than 3, so three presses stay below "that is all the stock".
    if (typeof d.stock === 'number' && d.stock > 3)
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

test.describe('without JavaScript (Opera Mini) on a 360 px phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test('the menu opens, shows Login, Register and every menu link, and closes', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    const links = menu.getByRole('link');
    expect(await links.count()).toBeGreaterThan(4);
    for (const link of await links.all()) await expect(link).toBeVisible();
    for (const name of ['Login', 'Register', 'Mechanics', 'Tow vans', 'Spare parts']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test("a signed-in buyer's 'Add to cart' posts to the server and opens the cart with it", async ({
    page,
  }, info) => {
    const part = await partInStock(page.request);
    const email = `nojs-${info.project.name}-${Date.now()}@e2e.ng`;
    const phone = uniquePhone();
    const r = await page.request.post('/api/auth/register', {
      data: { name: 'Amaka Obi', email, phone, password: 'Brake-pads-for-Camry-09', role: 'Buyer' },
    });
    expect(r.status(), await r.text()).toBe(201);
    await page.goto(`/product/${part.id}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page).toHaveURL(new RegExp(`/shopping/cart\\?added=${part.id}$`));
    await expect(page.getByText(`${part.name} is in your cart`)).toBeVisible();
    await expect(page.getByTestId('cart-line')).toContainText(part.name);
  });
});
