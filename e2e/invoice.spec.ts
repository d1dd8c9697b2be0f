import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, shot, uniquePhone } from './helpers.ts';

// Receipts people keep: the printable invoice of an order, for its buyer and its store only.

test.describe.configure({ timeout: 120_000 });

const STORE = 'ladipo-genuine-parts'; // the demo seller's store
const SHOTS = '/tmp/shots';

/** A new buyer, signed in in `page`'s context, with a pay-on-delivery order of a demo part. */
async function buyerWithOrder(page: Page, info: TestInfo) {
  const email = `invoice-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: {
      name: 'Chidi Okeke',
      email,
      phone: uniquePhone(),
      password: 'Invoice-for-my-Corolla-1',
      role: 'Buyer',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const list = await (await page.request.get(`/api/stores/${STORE}/products?pagesize=50`)).json();
  let part: { id: number; name: string } | undefined;
  for (const p of list.items as { prod_id: number }[]) {
    const d = (await (await page.request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (d.stock >= 5) {
      part = { id: p.prod_id, name: d.name };
      break;
    }
  }
  expect(part, 'a demo part in stock').toBeTruthy();
  expect(
    (
      await page.request.post('/api/cart/items', { data: { productId: part!.id, quantity: 1 } })
    ).status(),
  ).toBe(200);
  const states = (await (await page.request.get('/api/database/states/NG')).json()).items;
  const lagos = states.find((s: { label: string }) => s.label === 'Lagos').value;
  const cities = (await (await page.request.get(`/api/database/cities/${lagos}`)).json()).items;
  const placed = await page.request.post('/api/checkout', {
    headers: { 'idempotency-key': `invoice-${Date.now()}-${Math.random()}` },
    data: {
      fulfilment: 'delivery',
      stateId: lagos,
      cityId: cities[0].value,
      street: '12 Allen Avenue <b>',
      phone: '08031234567',
      paymentMethod: 'pay_on_delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).orders[0] as {
    id: number;
    number: string;
    totalKobo: number;
  };
  return { part: part!, order };
}

test('the buyer prints an invoice: its own page, a Print button, paper without the site around it', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const { part, order } = await buyerWithOrder(page, info);
  await page.goto('/user/orders');
  await hydrated(page);
  const card = page.getByRole('article', { name: `Order ${order.number}` });
  await card.getByText('Receipt and timeline').click();
  await card.getByRole('link', { name: `Invoice ${order.number} (print or save as PDF)` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/orders/${order.id}/invoice$`));
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${order.number}`);
  await expect(invoice).toContainText(part.name);
  await expect(invoice).toContainText('Chidi Okeke');
  await expect(invoice).toContainText('12 Allen Avenue <b>');
  await expect(invoice.getByTestId('invoice-payment')).toHaveText('To pay in cash on delivery');
  const total = `₦${(order.totalKobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(invoice.getByRole('definition').filter({ hasText: total })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'invoice', { full: true });

  // The Print button opens the browser's print dialog (counted here instead).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // On paper: the invoice alone, black on white; no header, menus, footer, chat or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.sticky')).toBeHidden();
  await expect(page.locator('footer').last()).toBeHidden();
  await expect(page.getByTestId('chat-button').filter({ visible: true })).toHaveCount(0);
  await expect(page.getByTestId('bottom-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(invoice).toBeVisible();
  const colours = await invoice.evaluate((el) => {
    const s = getComputedStyle(el);
    const b = getComputedStyle(document.body);
    return {
      color: s.color,
      background: s.backgroundColor,
      body: b.backgroundColor,
      // Transparent shadows (Tailwind's shadow-none) draw nothing.
      shadow: s.boxShadow.replace(/rgba\(0, 0, 0, 0\) 0px 0px 0px 0px(, )?/g, '') || 'none',
    };
  });
  expect(colours).toEqual({
    color: 'rgb(0, 0, 0)',
    background: 'rgb(255, 255, 255)',
    body: 'rgb(255, 255, 255)',
    shadow: 'none',
  });
  if (!process.env.CI && info.project.name === 'phone')
    fs.writeFileSync(`${SHOTS}/invoice.pdf`, await page.pdf({ format: 'A4' }));
  await page.emulateMedia({ media: 'screen' });

  // The store that sold it sees the same invoice; another buyer gets a 404.
  const seller = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  expect(
    (
      await seller.request.post('/api/auth/login', {
        data: { email: 'seller@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  const sp = await seller.newPage();
  await sp.goto(`/user/orders/${order.id}/invoice`);
  await expect(sp.getByTestId('invoice')).toContainText(part.name);
  await expect(sp.getByRole('link', { name: 'Back to store orders' })).toBeVisible();
  await seller.close();

  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const op = await other.newPage();
  await buyerWithOrder(op, info);
  const res = await op.goto(`/user/orders/${order.id}/invoice`);
  expect(res?.status()).toBe(404);
  await expect(op.getByTestId('invoice')).toHaveCount(0);
  await other.close();
});
