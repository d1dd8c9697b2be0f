import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, hydrated, isPhone, uniquePhone } from './helpers.ts';

// A seller finds a new dispute without the e-mail: the bell rings, the dashboard shows it at the
// top and opens it in one tap, the order's card carries a badge to it, and the menu has
// Disputes and Reviews.
test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/shots';
const PASSWORD = 'Left-headlamp-Corolla-2010';

async function newBuyer(page: Page) {
  const email = `seller-sees-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Bola Ade', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
}

/** A demo-store part in stock, bought for pickup with cash, moved to delivered by the store. */
async function deliveredOrder(page: Page, seller: Page) {
  const list = await (
    await page.request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  let part: { id: number; name: string } | undefined;
  for (const p of (list.items as { prod_id: number }[]).slice(5)) {
    const d = (await (await page.request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (d.stock >= 3) {
      part = { id: d.id, name: d.name };
      break;
    }
  }
  expect(part).toBeTruthy();
  expect(
    (await page.request.post('/api/cart/items', { data: { productId: part!.id } })).status(),
  ).toBe(200);
  const placed = await page.request.post('/api/checkout', {
    data: { fulfilment: 'pickup', phone: '08031234567', paymentMethod: 'pay_on_delivery' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).orders[0] as { id: number; number: string };
  for (const step of ['accept', 'ship', 'deliver'])
    expect(
      (await seller.request.post(`/api/store/orders/${order.id}/${step}`, { data: {} })).status(),
    ).toBe(200);
  return { part: part!, order };
}

async function sellerPage(browser: Browser, page: Page, baseURL: string) {
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const r = await ctx.request.post('/api/auth/login', {
    data: { email: 'seller@demo.ng', password: 'demo1234' },
  });
  expect(r.status()).toBe(200);
  return ctx.newPage();
}

test('a seller sees a new dispute from the dashboard within one tap', async ({
  page,
  browser,
  baseURL,
}, info) => {
  await newBuyer(page);
  const seller = await sellerPage(browser, page, baseURL!);
  const { part, order } = await deliveredOrder(page, seller);

  const opened = await page.request.post('/api/disputes', {
    data: {
      orderId: order.id,
      productId: part.id,
      reason: 'wrong_part',
      message: 'I asked for the left lamp, this is the right one.',
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const disputeId = (await opened.json()).item.id as number;

  await seller.goto('/user/store');
  await hydrated(seller);
  // The bell counts it.
  await expect(seller.getByTestId('bell-count')).toBeVisible();
  // The top of the dashboard: the dispute itself, one tap away.
  const needs = seller.getByTestId('needs-you');
  await expect(needs).toContainText(/open disputes? on your parts/);
  const link = needs.locator(`a[href="/user/disputes/${disputeId}"]`);
  await expect(link).toContainText(part.name);
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  if (!process.env.CI) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await seller.screenshot({ path: `${SHOTS}/seller-dispute-dashboard-${info.project.name}.png` });
  }
  // On a phone it is on the first screen, not below the figures.
  if (isPhone(seller)) expect(box!.y + box!.height).toBeLessThan(740 + 200);
  await expectAccessible(seller);
  await link.click();
  await expect(seller).toHaveURL(new RegExp(`/user/disputes/${disputeId}$`));
  await expect(seller.getByText('I asked for the left lamp')).toBeVisible();

  // The order's card carries a badge to the same dispute.
  await seller.goto('/user/store/orders');
  const card = seller
    .getByTestId('order')
    .filter({ has: seller.getByRole('heading', { name: `Order ${order.number}` }) });
  const badge = card.getByTestId('dispute-badge');
  await expect(badge).toHaveText('Dispute open: answer the buyer');
  await expect(badge).toHaveAttribute('href', `/user/disputes/${disputeId}`);
  await card.scrollIntoViewIfNeeded();
  if (!process.env.CI)
    await card.screenshot({ path: `${SHOTS}/seller-dispute-card-${info.project.name}.png` });

  // The bell's list names it and leads to it.
  await seller.goto('/user/notifications');
  await expect(
    seller.getByRole('link', { name: new RegExp(`New dispute on order ${order.number}`) }),
  ).toHaveAttribute('href', `/user/disputes/${disputeId}`);

  // The menu has Disputes and Reviews.
  await seller.goto('/user/store/orders');
  await hydrated(seller);
  if (isPhone(seller)) {
    await seller.getByRole('button', { name: 'Open menu' }).click();
    const menu = seller.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Reviews', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Disputes', exact: true }).click();
  } else {
    await seller.getByTestId('accounts-menu').locator('summary').click();
    await expect(seller.getByRole('link', { name: 'Reviews', exact: true })).toBeVisible();
    await seller.getByRole('link', { name: 'Disputes', exact: true }).click();
  }
  await expect(seller).toHaveURL(/\/user\/disputes$/);
  await expect(
    seller
      .getByRole('region', { name: 'Against your store' })
      .locator(`a[href="/user/disputes/${disputeId}"]`),
  ).toHaveText(part.name);
  if (!process.env.CI)
    await seller.screenshot({ path: `${SHOTS}/seller-disputes-list-${info.project.name}.png` });
  await expectAccessible(seller);
  await seller.context().close();
});
