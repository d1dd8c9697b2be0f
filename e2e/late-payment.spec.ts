import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

// A payment that reaches Paystack after the order's hold ran out (the buyer left the payment
// page open): the order was already cancelled and its part put back on sale, so the money goes
// back to the buyer, and the page they return to says so, never "SpareFinder holds it".
test.describe.configure({ timeout: 240_000 });
// Most of this test is a wait for the hold (ORDER_HOLD_SECONDS=30 in the browser tests),
// the server's: the phone run, the buyer's usual screen, covers it.
test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 768, 'phone size only');

const PASSWORD = 'Radiator-for-Corolla-2009';

/** A demo-store part with stock, from the middle of the store's list (other specs take its ends). */
async function demoPart(page: Page) {
  const list = await (
    await page.request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  const items = list.items as { prod_id: number }[];
  for (const p of items.slice(Math.floor(items.length / 3))) {
    const d = (await (await page.request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (d.stock >= 3) return { id: d.id as number, name: d.name as string };
  }
  throw new Error('no demo part in stock');
}

test('paid after the hold ran out: the order stays cancelled, the money goes back, the page says so', async ({
  page,
}) => {
  const email = `late-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Emeka Nwosu', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const part = await demoPart(page);
  expect(
    (await page.request.post('/api/cart/items', { data: { productId: part.id } })).status(),
  ).toBe(200);

  await page.goto('/shopping/checkout');
  await hydrated(page);
  await page.getByTestId('fulfilment-pickup').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  const payUrl = page.url();
  const mine = (await (await page.request.get('/api/orders')).json()).items[0] as {
    id: number;
    number: string;
    totalKobo: number;
  };

  // The buyer leaves the page open past the hold: the order is cancelled, the part back on sale.
  await expect(async () => {
    const o = await (await page.request.get(`/api/orders/${mine.id}`)).json();
    expect(o.order.status).toBe('cancelled');
  }).toPass({ timeout: 150_000, intervals: [5_000] });

  // Then pays on the page still open.
  await page.goto(payUrl);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/user\/orders\?checkout=.*payment=success/);
  await hydrated(page);
  const result = page.getByTestId('checkout-result');
  await expect(result).toContainText(/Paid too late: (your refund is on its way|refunded ₦)/);
  await expect(result).toContainText(
    "Your payment arrived after the order's hold ran out, so the order was cancelled and the parts went back on sale.",
  );
  await expect(result).not.toContainText('Payment received');
  await expect(result).not.toContainText('holds it');
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/late-payment-01-return-phone.png', fullPage: true });

  // Once Paystack confirms the refund, the same page says it is back with the buyer.
  await expect(async () => {
    await page.reload();
    await expect(result).toContainText(/Paid too late: refunded ₦[\d,]+\.\d\d/, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(result).toContainText(/Paystack has returned ₦[\d,]+\.\d\d to you\./);
  const card = page
    .getByTestId('order')
    .filter({ has: page.getByRole('heading', { name: `Order ${mine.number}` }) });
  await expect(card.getByTestId('money-state')).toContainText(/^Refunded ₦[\d,]+\.\d\d to you/);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/shots/late-payment-02-refunded-phone.png', fullPage: true });
});
