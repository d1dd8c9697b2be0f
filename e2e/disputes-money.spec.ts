import crypto from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, hydrated, PHONE, signedInContext, uniquePhone } from './helpers.ts';

// The money of a disputed order at phone size: 'I received it' asks first and names what the
// store receives; a dispute takes it away (the money stays held); a dispute refund shows on the
// order card, its receipt and its timeline, in the state Paystack last told.
test.describe.configure({ timeout: 180_000 });
// Phone size only: the money of an order is checked where most buyers see it; desktop shares the pages.
test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 768, 'phone size only');

const PASSWORD = 'Headlamp-for-Camry-2011';

async function newBuyer(page: Page) {
  const email = `escrow-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Chidi Okeke', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** A demo-store part with stock, from the middle of the store's list (other specs take its ends). */
async function demoPart(page: Page) {
  const list = await (
    await page.request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  const items = list.items as { prod_id: number }[];
  for (const p of items.slice(Math.floor(items.length / 2))) {
    const d = (await (await page.request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (d.stock >= 3) return { id: d.id as number, name: d.name as string };
  }
  throw new Error('no demo part in stock');
}

/** Bought online on the local Paystack test page, moved to delivered by the demo store. */
async function deliveredOrder(page: Page, browser: Browser) {
  const part = await demoPart(page);
  expect(
    (await page.request.post('/api/cart/items', { data: { productId: part.id } })).status(),
  ).toBe(200);
  const placed = await page.request.post('/api/checkout', {
    data: { fulfilment: 'pickup', phone: '08031234567', paymentMethod: 'paystack' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const body = await placed.json();
  const paid = await page.request.post(body.payment.authorizationUrl, {
    form: { action: 'pay', channel: 'card' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const order = body.orders[0] as { id: number; number: string; totalKobo: number };
  const seller = await signedInContext(browser, 'seller@demo.ng', { viewport: PHONE });
  for (const step of ['accept', 'ship', 'deliver'])
    expect(
      (await seller.request.post(`/api/store/orders/${order.id}/${step}`, { data: {} })).status(),
    ).toBe(200);
  await seller.close();
  return { part, order };
}

const card = (page: Page, number: string) =>
  page.getByTestId('order').filter({ has: page.getByRole('heading', { name: `Order ${number}` }) });

test('"I received it" asks first and names what the store receives; a dispute takes it away', async ({
  page,
  browser,
}) => {
  await newBuyer(page);
  const { part, order } = await deliveredOrder(page, browser);

  await page.goto('/user/orders');
  await hydrated(page);
  const o = card(page, order.number);
  await expect(o.getByTestId('money-state')).toHaveText('Paid, held until you confirm delivery');
  // Pressing 'I received it' only opens the confirmation: nothing is released yet.
  await o.getByTestId('receive').locator('summary').click();
  const confirm = o.getByTestId('receive-confirm');
  await expect(confirm).toContainText(/₦[\d,]+\.\d\d goes to Ladipo Genuine Parts/);
  await expect(confirm).toContainText("less SpareFinder's commission");
  const amount = (await confirm.locator('strong').textContent())!;
  await expect(o.getByTestId('received')).toHaveText(`Yes, release ${amount} to the store`);
  await o.screenshot({ path: '/tmp/shots/escrow-01-receive-confirm-phone.png' });
  await expectAccessible(page);

  // The buyer opens a dispute instead.
  await page.goto(`/user/orders/${order.id}/item/${part.id}`);
  await hydrated(page);
  await page.getByLabel('Wrong part').check();
  await page.getByLabel('Tell the store what happened').fill('This is the right-hand lamp.');
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(page).toHaveURL(/\/user\/disputes\/\d+$/);

  await page.goto('/user/orders');
  await hydrated(page);
  await expect(o.getByTestId('receive')).toHaveCount(0);
  await expect(o.getByTestId('receive-blocked')).toContainText(
    'not offered while your dispute is open',
  );
  await expect(o.getByTestId('money-state')).toHaveText(
    'Paid, held by SpareFinder while your dispute is open',
  );
  // Sent anyway (an old tab, a replayed form): refused with a message, nothing released.
  const forced = await page.request.post(`/api/orders/${order.id}/received`, { data: {} });
  expect(forced.status()).toBe(409);
  expect((await forced.json()).code).toBe('DISPUTE_OPEN');
  await o.screenshot({ path: '/tmp/shots/escrow-02-dispute-blocks-phone.png' });
});

test('a dispute refund shows on the order card, the receipt and the timeline', async ({
  page,
  browser,
}) => {
  await newBuyer(page);
  const { part, order } = await deliveredOrder(page, browser);
  const opened = await page.request.post('/api/disputes', {
    data: {
      orderId: order.id,
      productId: part.id,
      reason: 'damaged',
      message: 'The housing is cracked on one side.',
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const disputeId = (await opened.json()).item.id as number;

  // Staff refund ₦1,000 of it; the rest goes to the store.
  const admin = await signedInContext(browser, 'admin@demo.ng', { viewport: PHONE });
  const decided = await admin.request.post(`/api/admin/disputes/${disputeId}/decide`, {
    data: { decision: 'refund', amountKobo: 100_000, note: 'A crack on the housing.' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  await admin.close();

  await page.goto('/user/orders');
  await hydrated(page);
  const o = card(page, order.number);
  const money = o.getByTestId('money-state');
  // On its way until Paystack confirms it, then refunded: never 'released to the store' alone.
  await expect(money).toHaveText(
    /^(Refund of ₦1,000\.00 on its way to you|Refunded ₦1,000\.00 to you); the rest was released to the store$/,
  );
  await expect(money).not.toHaveText('Paid and released to the store');
  await o.getByText('Receipt and timeline').click();
  const receipt = o.getByRole('definition').filter({ hasText: '₦1,000.00' });
  await expect(receipt.first()).toBeVisible();
  await expect(o.getByTestId('refund-state')).toHaveText(/^(on its way|refunded)$/);
  await expect(o.getByTestId('timeline-refund').first()).toContainText('₦1,000.00');
  const state = await o.getByTestId('refund-state').textContent();
  await expect(money).toContainText(state === 'refunded' ? 'Refunded' : 'on its way');
  await o.screenshot({ path: '/tmp/shots/escrow-03-dispute-refund-phone.png' });
  await expectAccessible(page);
});
