import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  demoSellerPage,
  expectAccessible,
  hydrated,
  isPhone,
  shot,
  uniquePhone,
} from './helpers.ts';

// What a buyer and a seller meet on a phone: a checkout total that never leaves delivery out,
// nothing floating over the page, the cart's answer in sight, a quantity and a delivery estimate
// on the product page, stars for ratings (reviews in disputes.spec), pictures with a product's first save,
// search by SKU, imports that update by themselves in Lagos time, and a dashboard that puts
// money and stock before its long table.
test.describe.configure({ timeout: 150_000 });

const problems: string[] = [];
test.afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** Nothing is drawn over this element where a finger would press it: its middle and its ends. */
async function expectUncovered(page: Page, target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const hits = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [r.left + 4, r.left + r.width / 2, r.right - 4].map((x) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el === hit || el.contains(hit) || hit.contains(el));
    });
  });
  expect(hits).toEqual([true, true, true]);
}

/** A part of the demo seller's store with stock, different for each run. */
async function partInStock(page: Page, info: TestInfo) {
  const list = await (
    await page.request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  const ids = (list.items as { prod_id: number }[]).map((p) => p.prod_id);
  for (const id of info.project.name === 'phone' ? ids : [...ids].reverse()) {
    const d = (await (await page.request.get(`/api/products/${id}`)).json()).item;
    if (typeof d.stock === 'number' && d.stock >= 5) return { id, name: d.name as string };
  }
  throw new Error('no part in stock');
}

test('product page: quantity, delivery estimate, the cart answer in sight, nothing over "Chat with seller"', async ({
  page,
}, info) => {
  const part = await partInStock(page, info);
  await page.goto(`/product/${part.id}`);
  await hydrated(page);
  await expect(page.getByTestId('delivery-estimate')).toContainText('Choose your state');
  await expectUncovered(page, page.getByTestId('chat-with'));
  // Three at once, and the answer shows where the buyer looks.
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(page.getByTestId('add-quantity')).toHaveValue('3');
  // The button low on the screen, as it is after a look at the pictures.
  await page.getByTestId('add-to-cart').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.getByTestId('add-to-cart').click();
  const said = page.getByTestId('cart-confirmation');
  await expect(said).toContainText('(3 of this part)');
  await expect(said).toBeInViewport();
  await expectAccessible(page);
  await shot(page, 'product-added');
  // With the buyer's state known (here the store's own), the estimate names the fee checkout
  // charges for it.
  const store = (await (await page.request.get(`/api/products/${part.id}`)).json()).item.store;
  await page
    .context()
    .addCookies([{ name: 'sf_place', value: String(store.state_id), url: page.url() }]);
  await page.reload();
  const fee = Number(store.delivery_fee_in_state);
  await expect(page.getByTestId('delivery-estimate')).toContainText(
    `Delivery to ${store.state}: ${fee === 0 ? 'free' : `₦${fee.toLocaleString('en-NG', { minimumFractionDigits: 2 })}`}`,
  );
  await shot(page, 'product-estimate');
});

test('checkout: no total and no "Pay ₦…" before the state; then the full total; nothing over the totals or fields', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  // A new buyer with one part in the cart.
  const email = `screens-${info.project.name}-${Date.now()}@e2e.ng`;
  const password = 'Brake-pads-for-Camry-09';
  const api = await playwright.request.newContext({ baseURL });
  const r = await api.post('/api/auth/register', {
    data: { name: 'Amaka Obi', email, phone: uniquePhone(), password, role: 'Buyer' },
  });
  expect(r.status(), await r.text()).toBe(201);
  await api.dispose();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(
    200,
  );
  const part = await partInStock(page, info);
  expect(
    (
      await page.request.post('/api/cart/items', { data: { productId: part.id, quantity: 1 } })
    ).status(),
  ).toBeLessThan(300);

  await page.goto('/shopping/checkout');
  await hydrated(page);
  const pay = page.getByTestId('place-order');
  await expect(page.getByTestId('sum-delivery')).toHaveText('Choose a state to see delivery');
  await expect(page.getByTestId('sum-total')).toContainText('+ delivery');
  await expect(pay).toHaveText('Pay with Paystack');
  await shot(page, 'checkout-no-state');
  await expectUncovered(page, page.getByTestId('sum-total'));
  await expectUncovered(page, page.getByLabel('Street address'));

  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Kano' });
  await expect(page.getByTestId('sum-delivery')).toHaveText(/^₦[\d,]+\.\d\d$/);
  const total = await page.getByTestId('sum-total').textContent();
  expect(total).toMatch(/^₦[\d,]+\.\d\d$/);
  await expect(pay).toHaveText(`Pay ${total} with Paystack`);
  await expectUncovered(page, pay);
  await expectAccessible(page);
  await shot(page, 'checkout-state');

  // Paystack's test page speaks to the shopper only: no server settings on it.
  await page.getByLabel('City or area').selectOption({ index: 1 });
  await page.getByLabel('Street address').fill('12 Zoo Road');
  await pay.click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await expect(page.getByText('no money moves').first()).toBeVisible();
  expect(await page.content()).not.toContain('PAYSTACK_SECRET_KEY');
});

test('seller: pictures with the first save, search by SKU, imports that update in Lagos time, money and stock first', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const seller = await demoSellerPage(browser, page, baseURL!, problems);

  // The dashboard: balance and stock before the period's long table; a phone sees 5 rows.
  await seller.goto('/user/store');
  await hydrated(seller);
  const top = async (l: Locator) => (await l.boundingBox())!.y;
  const money = seller.getByRole('heading', { name: 'Balance and payouts' });
  const stock = seller.getByRole('heading', { name: 'Stock', exact: true });
  const table = seller.getByTestId('figures-table');
  expect(await top(money)).toBeLessThan(await top(table));
  expect(await top(stock)).toBeLessThan(await top(table));
  if (isPhone(seller)) {
    await expect(table.locator('tbody tr').filter({ visible: true })).toHaveCount(5);
    await seller.getByTestId('figures-see-all').click();
    await expect(table.locator('tbody tr').filter({ visible: true })).toHaveCount(30);
  }
  await shot(seller, 'dashboard', { full: true });

  // A new product with its pictures, chosen before the first save.
  await seller.goto('/user/store/product/0');
  await hydrated(seller);
  const name = `Screens brake pads ${info.project.name} ${Date.now()}`;
  await seller.getByLabel('Name', { exact: true }).fill(name);
  await seller.getByLabel('Category', { exact: true }).selectOption({ label: 'Brakes' });
  await seller.getByLabel('Kind of part').selectOption({ label: 'Brake Pads' });
  await seller.getByLabel('Price (₦)').fill('18500');
  await seller.getByLabel('In stock').fill('4');
  const png = fs.readFileSync(new URL('../apps/web/public/icons/icon-192.png', import.meta.url));
  await seller.getByTestId('new-pictures').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png },
    { name: 'back.png', mimeType: 'image/png', buffer: png },
  ]);
  const toAdd = seller.getByRole('list', { name: 'Pictures to add' });
  await expect(toAdd.locator('li')).toHaveCount(2);
  await toAdd.scrollIntoViewIfNeeded();
  await shot(seller, 'new-product-pictures');
  await seller.getByRole('button', { name: 'Add product' }).click();
  await expect(seller).toHaveURL(/\/user\/store\/product\/\d+\?saved=added/);
  await expect(seller.getByRole('heading', { name: 'Pictures (2 of 8)' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    seller.getByRole('list', { name: 'Pictures of this product' }).locator('li'),
  ).toHaveCount(2);
  const id = Number(/product\/(\d+)/.exec(seller.url())![1]);

  // Found by its SKU in My products.
  const sku = `SCR-${info.project.name.toUpperCase()}-${Date.now() % 100000}`;
  expect(
    (await seller.request.patch(`/api/store/products/${id}`, { data: { sku } })).status(),
  ).toBe(200);
  await seller.goto(`/user/store/products?q=${encodeURIComponent(sku.toLowerCase())}`);
  await expect(seller.getByTestId(`product-${id}`)).toContainText(`SKU ${sku}`);

  // An import: the list of latest imports moves on by itself, in Lagos time.
  await seller.goto('/user/store/products/import');
  await hydrated(seller);
  const csv = [
    'sku,name,category,condition,price,sale_price,stock,part_number,fitment',
    `${sku}-2,Screens import pads ${info.project.name},brakes/brake-pads,New,15000,,3,,`,
  ].join('\r\n');
  await seller
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'screens.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await seller.getByRole('button', { name: 'Import products' }).click();
  await expect(seller).toHaveURL(/\?id=/);
  const recent = seller.getByTestId('recent-imports').locator('li').first();
  await expect(recent).toContainText('screens.csv');
  await expect(recent).toContainText('Finished · 1 added', { timeout: 30_000 });
  await expect(recent).not.toContainText('UTC');
  const lagos = new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(new Date());
  await expect(recent).toContainText(lagos);
  await shot(seller, 'imports');
  await seller.close();
});
