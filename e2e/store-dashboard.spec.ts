import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoSellerPage, expectAccessible, hydrated, shot, uniquePhone } from './helpers.ts';

// The seller's side of the demo store: its figures, adding a part with the cars it fits,
// finding it as a buyer would, a quick price change and hiding it again.
test.describe.configure({ timeout: 180_000 });

/** A page of the demo seller (signed in through the API in its own context). */
const sellerPage = (browser: Browser, page: Page, baseURL: string, javaScript = true) =>
  demoSellerPage(browser, page, baseURL, problems, javaScript);

/** Script errors, hydration mismatches and CSP refusals seen on the seller's pages. */
const problems: string[] = [];
test.afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

async function carIds(api: APIRequestContext) {
  const makes = (await (await api.get('/api/database/cars/make')).json()).items as {
    label: string;
    value: number;
  }[];
  const toyota = makes.find((m) => m.label === 'Toyota')!.value;
  const models = (await (await api.get(`/api/database/cars/model/${toyota}`)).json()).items as {
    label: string;
    value: number;
  }[];
  const id = (name: string) => models.find((m) => m.label === name)!.value;
  return { toyota, camry: id('Camry'), corolla: id('Corolla') };
}

/** Product names in a public parts list page. */
async function publicNames(api: APIRequestContext, query: string) {
  const r = await api.get(`/api/products/categories/0?${query}`);
  expect(r.status()).toBe(200);
  return ((await r.json()).items as { name: string }[]).map((i) => i.name);
}

test('demo seller: figures, a part added with two cars, found by car, price changed, hidden', async ({
  page,
  browser,
  baseURL,
  playwright,
}, info) => {
  const seller = await sellerPage(browser, page, baseURL!);
  const guest = await playwright.request.newContext({ baseURL });

  // The figures of the last 30 days, then the last 7.
  await seller.goto('/user/store');
  await hydrated(seller);
  await expect(seller.getByRole('heading', { name: 'My Store Dashboard' })).toBeVisible();
  await expect(seller.getByTestId('figure-views')).toContainText('Product views');
  const views = Number(
    (await seller.getByTestId('figure-views').locator('p').nth(1).textContent())!.replace(
      /\D/g,
      '',
    ),
  );
  expect(views).toBeGreaterThan(0);
  await expect(seller.getByTestId('figures-table').locator('tbody tr')).toHaveCount(30);
  await expect(seller.getByRole('heading', { name: /Best sellers/ })).toBeVisible();
  await expect(seller.getByText('Balance you can withdraw')).toBeVisible();
  await expectAccessible(seller);
  await shot(seller, '01-dashboard', { full: true });
  await seller.getByRole('link', { name: '7 days' }).click();
  await expect(seller).toHaveURL(/\/user\/store\?days=7$/);
  await expect(seller.getByRole('heading', { name: 'Last 7 days', exact: true })).toBeVisible();
  await expect(seller.getByTestId('figures-table').locator('tbody tr')).toHaveCount(7);

  // A new part that fits two cars.
  const name = `E2E brake pads ${info.project.name} ${Date.now()}`;
  await seller.getByRole('link', { name: 'Add product' }).first().click();
  await expect(seller).toHaveURL(/\/user\/store\/product\/0$/);
  await hydrated(seller);
  await seller.getByLabel('Name', { exact: true }).fill(name);
  await seller.getByLabel('Category', { exact: true }).selectOption({ label: 'Brakes' });
  await seller.getByLabel('Kind of part').selectOption({ label: 'Brake Pads' });
  await seller.getByLabel('Price (₦)').fill('18,500');
  await seller.getByLabel('In stock').fill('5');
  const row = (i: number) => seller.getByTestId('fitment-row').nth(i);
  const fill = async (i: number, model: string, from: string, to: string) => {
    await row(i).getByLabel('Make').selectOption({ label: 'Toyota' });
    await expect(
      row(i)
        .getByLabel('Model')
        .locator('option', { hasText: new RegExp(`^${model}$`) }),
    ).toHaveCount(1);
    await row(i).getByLabel('Model').selectOption({ label: model });
    await row(i).getByLabel('From year').fill(from);
    await row(i).getByLabel('To year').fill(to);
  };
  await fill(0, 'Camry', '2007', '2011');
  await seller.getByRole('button', { name: 'Add another car' }).click();
  await expect(seller.getByTestId('fitment-row')).toHaveCount(2);
  await fill(1, 'Corolla', '2009', '2013');
  await expectAccessible(seller);
  await shot(seller, '02-add-product', { full: true });
  await seller.getByRole('button', { name: 'Add product' }).click();
  await expect(seller).toHaveURL(/\/user\/store\/product\/\d+\?saved=added$/);
  await expect(seller.getByText('Your product is added.')).toBeVisible();
  const id = Number(/product\/(\d+)/.exec(seller.url())![1]);
  await expect(seller.getByTestId('fitment-row')).toHaveCount(2);
  await shot(seller, '03-added', { full: true });

  // A buyer filtering by either car finds it; by a year it does not fit, not.
  const car = await carIds(guest);
  expect(await publicNames(guest, `carmake=${car.toyota}&carmodel=${car.corolla}`)).toContain(name);
  expect(
    await publicNames(guest, `carmake=${car.toyota}&carmodel=${car.camry}&caryear=2008`),
  ).toContain(name);
  expect(
    await publicNames(guest, `carmake=${car.toyota}&carmodel=${car.camry}&caryear=2015`),
  ).not.toContain(name);
  // And on the parts page, with the filter in the URL.
  await page.goto(`/spares-parts?carmake=${car.toyota}&carmodel=${car.corolla}`);
  await expect(page.getByRole('link', { name }).first()).toBeVisible();

  // A buyer opens it: the view reaches the seller's figures (written every few seconds).
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await seller.request.get(`/api/store/products/${id}`)).json()).item.views30d,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);

  // A quick price change from the product table.
  await seller.goto(`/user/store/products?q=${encodeURIComponent(name)}`);
  await hydrated(seller);
  const line = seller.getByTestId(`product-${id}`);
  await expect(line).toBeVisible();
  await line.getByLabel(/^Price \(₦\)/).fill('17000');
  await line.getByRole('button', { name: /^Save/ }).click();
  await expect(seller.getByTestId(`product-${id}`).getByRole('status')).toHaveText('Saved');
  await expect(seller.getByTestId(`product-${id}`).getByLabel(/^Price \(₦\)/)).toHaveValue('17000');
  await expectAccessible(seller);
  await shot(seller, '04-products', { full: true });
  const pub = await (await guest.get(`/api/products/${id}`)).json();
  expect(pub.item.price).toEqual({ price: 17000, sales: null });

  // Hidden: gone from the buyers' list and page, still in the seller's table.
  await seller.getByTestId(`product-${id}`).getByRole('button', { name: /^Hide/ }).click();
  await expect(seller.getByTestId(`product-${id}`)).toContainText('Hidden');
  await expect(
    seller.getByTestId(`product-${id}`).getByRole('button', { name: /^Show/ }),
  ).toBeVisible();
  expect((await guest.get(`/api/products/${id}`)).status()).toBe(404);
  expect(await publicNames(guest, `carmake=${car.toyota}&carmodel=${car.corolla}`)).not.toContain(
    name,
  );
  await shot(seller, '05-hidden', { full: true });
  await seller.context().close();
});

test.describe('without JavaScript', () => {
  test('the dashboard shows the figures as a table; a part is added with the plain form', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const seller = await sellerPage(browser, page, baseURL!, false);
    await seller.goto('/user/store?days=7');
    const table = seller.getByRole('table', { name: /Day by day/ });
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await expect(table.getByRole('columnheader', { name: 'Views' })).toBeVisible();
    await expect(table.locator('tfoot')).toContainText('7 days');
    await expect(seller.getByTestId('figure-orders')).toBeVisible();
    await seller.goto('/user/store?days=90');
    await expect(
      seller.getByRole('table', { name: /Week by week/ }).locator('tbody tr'),
    ).toHaveCount(13);
    // (axe needs JavaScript in the page: the same page is checked with it above.)
    await shot(seller, '06-dashboard-no-js', { full: true });

    // The product form: one grouped category select; models come with the page's own button.
    const name = `E2E radiator hose ${info.project.name} ${Date.now()}`;
    await seller.goto('/user/store/product/0');
    await seller.getByLabel('Name', { exact: true }).fill(name);
    await seller.getByLabel('Category', { exact: true }).selectOption({ label: 'Brake Pads' });
    await seller.getByLabel('Price (₦)').fill('9500');
    await seller.getByLabel('In stock').fill('3');
    const row = seller.getByTestId('fitment-row').first();
    await row.getByLabel('Make').selectOption({ label: 'Toyota' });
    await seller.getByRole('button', { name: 'Load the models of the chosen makes' }).click();
    await seller.getByTestId('fitment-row').first().getByLabel('Model').selectOption({
      label: 'Camry',
    });
    await seller.getByRole('button', { name: 'Add another car' }).click();
    await expect(seller.getByTestId('fitment-row')).toHaveCount(2);
    // What was typed came back with the new row.
    await expect(seller.getByLabel('Name', { exact: true })).toHaveValue(name);
    await seller
      .getByTestId('fitment-row')
      .nth(1)
      .getByLabel('Make')
      .selectOption({ label: 'Honda' });
    await seller.getByTestId('fitment-row').nth(1).getByLabel('From year').fill('2012');
    await seller.getByTestId('fitment-row').nth(1).getByLabel('To year').fill('2010');
    await shot(seller, '07-add-product-no-js', { full: true });
    await seller.getByRole('button', { name: 'Add product' }).click();
    // The refused row is named and the form comes back as it was.
    await expect(
      seller.getByText('Car 2: the first year must not be after the last').first(),
    ).toBeVisible();
    await seller.getByTestId('fitment-row').nth(1).getByLabel('To year').fill('2016');
    await seller.getByRole('button', { name: 'Add product' }).click();
    await expect(seller).toHaveURL(/\/user\/store\/product\/\d+\?saved=added$/);
    await expect(seller.getByTestId('fitment-row')).toHaveCount(2);
    await expect(seller.getByTestId('fitment-row').nth(0).getByLabel('Model')).toHaveValue(/\d+/);
    await seller.context().close();
  });
});

test('a new seller opens a store from the dashboard', async ({ browser, baseURL, page }, info) => {
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const stamp = `${info.project.name}-${Date.now()}`;
  const r = await ctx.request.post('/api/auth/register', {
    data: {
      name: 'Chidi Okafor',
      email: `store-${stamp}@e2e.ng`,
      phone: uniquePhone(),
      password: 'Brake-pads-for-Camry-09',
      role: 'Seller',
      businessName: `Okafor Parts ${stamp}`,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const seller = await ctx.newPage();
  seller.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await seller.goto('/user/store');
  await hydrated(seller);
  await expect(seller.getByRole('heading', { name: 'Open your store' })).toBeVisible();
  await expect(seller.getByLabel('Store name')).toHaveValue(`Okafor Parts ${stamp}`);
  await seller.getByLabel('State', { exact: true }).selectOption({ label: 'Anambra' });
  await expect(seller.getByLabel('City or area').locator('option')).not.toHaveCount(1);
  await seller.getByLabel('City or area').selectOption({ index: 1 });
  await seller.getByLabel('Phone 1').fill('0803 555 0199');
  await seller.getByLabel('Delivery fee within your state (₦)').fill('1500');
  await expectAccessible(seller);
  await seller.getByRole('button', { name: 'Open my store' }).click();
  await expect(seller.getByRole('heading', { name: 'My Store Dashboard' })).toBeVisible();
  await expect(seller.getByText('Your store is open: add your first product')).toBeVisible();
  await expect(seller.getByTestId('figure-views')).toContainText('0');
  await shot(seller, '08-store-opened', { full: true });
  // Its public page exists.
  const url = await seller
    .getByRole('link', { name: `Okafor Parts ${stamp}` })
    .getAttribute('href');
  expect((await ctx.request.get(`/api/stores/${url!.split('/').pop()}`)).status()).toBe(200);
  await ctx.close();
});
