import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectAccessible, hydrated, shot, signIn, uniquePhone } from './helpers.ts';

// Whole purchases on a small shared machine: give each flow room.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Brake-pads-for-Camry-09';
const STORE = 'ladipo-genuine-parts'; // the demo seller's store, in Lagos

/** ₦12,345.67 → 1234567 kobo. */
const kobo = (text: string | null) => {
  const m = (text ?? '').replace(/[^0-9.]/g, '');
  return Math.round(Number(m) * 100);
};

const unique = (info: TestInfo, tag: string) =>
  `${tag}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;

/** A new buyer account (made with its own cookies, so the page stays a guest). */
async function newBuyer(api: APIRequestContext, info: TestInfo, tag: string) {
  const email = unique(info, tag);
  const phone = uniquePhone();
  const r = await api.post('/api/auth/register', {
    data: { name: 'Amaka Obi', email, phone, password: PASSWORD, role: 'Buyer' },
  });
  expect(r.status(), await r.text()).toBe(201);
  return email;
}

/**
 * Parts of the demo seller's store with a few in stock. The phone and desktop runs (at the
 * same time, on one database) and each flow take different parts, so stock counts stay theirs.
 */
async function partFor(api: APIRequestContext, info: TestInfo, flow: number) {
  const list = await (await api.get(`/api/stores/${STORE}/products?pagesize=50`)).json();
  const found: { id: number; name: string; stock: number }[] = [];
  for (const p of list.items as { prod_id: number }[]) {
    const d = (await (await api.get(`/api/products/${p.prod_id}`)).json()).item;
    if (typeof d.stock === 'number' && d.stock >= 3)
      found.push({ id: d.id ?? p.prod_id, name: d.name, stock: d.stock });
    if (found.length >= 8) break;
  }
  const pick = found[flow * 2 + (info.project.name === 'phone' ? 0 : 1)];
  expect(pick, 'enough demo parts in stock').toBeTruthy();
  return pick;
}

/**
 * A part of its own, listed now by the demo seller: a test that counts a part's stock over
 * minutes needs one no other spec can buy (the shared demo parts are bought by several).
 */
async function ownPart(seller: APIRequestContext, info: TestInfo) {
  await signIn({ request: seller }, 'seller@demo.ng');
  const made = await seller.post('/api/store/products', {
    data: {
      name: `Brake master cylinder ${info.project.name} ${Date.now() % 1e8}`,
      catId: 1001,
      condition: 1,
      priceKobo: 1_250_000,
      stock: 4,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).item.id as number;
  await seller.dispose();
  return { id, stock: 4 };
}

const stockOf = async (api: APIRequestContext, id: number) =>
  (await (await api.get(`/api/products/${id}`)).json()).item.stock as number;

async function sellerPage(browser: Browser, page: Page, baseURL: string) {
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const r = await ctx.request.post('/api/auth/login', {
    data: { email: 'seller@demo.ng', password: 'demo1234' },
  });
  expect(r.status()).toBe(200);
  return ctx.newPage();
}

async function logIn(page: Page, email: string) {
  await page.getByRole('main').getByLabel('E-mail or phone number').fill(email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const order = (page: Page, number: string) =>
  page.getByRole('article', { name: `Order ${number}` });

/**
 * Presses one of the seller's buttons on an order and waits until its answer is shown. Waiting
 * for 'networkidle' returned at once (the page's load had already reached it), so the next press
 * came while this one's post and the list's reload were in flight, and was lost (CI, 2026-11-28).
 */
async function act(page: Page, number: string, button: string | RegExp) {
  await hydrated(page);
  const posted = page.waitForResponse((r) => r.request().method() === 'POST');
  await order(page, number).getByRole('button', { name: button }).click();
  await posted;
  // While the post and the reload run, the page's buttons are disabled (store-orders.tsx: busy).
  await expect(order(page, number).locator('button:disabled')).toHaveCount(0);
}

test('guest cart → login → merged → delivery to another state with a coupon → Paystack test payment → shipped, delivered, received → the store balance grows', async ({
  page,
  browser,
  baseURL,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL });
  const email = await newBuyer(api, info, 'buy');
  const part = await partFor(api, info, 0);
  // A platform coupon made by staff for this run: 10% off.
  const admin = await playwright.request.newContext({ baseURL });
  expect(
    (
      await admin.post('/api/auth/login', {
        data: { email: 'admin@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  const code = `E2E${Date.now().toString(36).toUpperCase()}${info.project.name === 'phone' ? 'P' : 'D'}`;
  const made = await admin.post('/api/admin/coupons', {
    data: { code, kind: 'percent', value: 10 },
  });
  expect(made.status(), await made.text()).toBe(201);

  // A guest adds the part: one confirmation that updates, and the header count.
  await page.goto(`/product/${part.id}`);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-confirmation')).toContainText('(1 of this part)');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await shot(page, '01-product-added', { full: true });

  // The guard: not logged in → login page → back to the cart after signing in.
  await page.goto('/shopping/cart');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshopping%2Fcart/);
  await hydrated(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'You are not logged in' }).first(),
  ).toBeVisible();
  await shot(page, '02-login-guard', { full: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/shopping\/cart$/);
  await hydrated(page);
  // The browser cart was merged into the server cart.
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(part.name);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('sf:state')!).userCart.items),
  ).toEqual([]);
  await expectAccessible(page);
  await shot(page, '03-cart', { full: true });

  // Checkout: delivery to Kano (another state than the store's Lagos) and the coupon.
  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/shopping\/checkout$/);
  await hydrated(page);
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Kano' });
  await expect(page.getByLabel('City or area').locator('option')).not.toHaveCount(1);
  await page.getByLabel('City or area').selectOption({ index: 1 });
  await page.getByLabel('Street address').fill('12 Zoo Road');
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByTestId('apply-coupon').click();
  await expect(page.getByTestId('coupon-applied')).toContainText(`${code} applied: 10% off`);
  await expect(page.getByTestId('sum-delivery')).toHaveText('₦7,500.00');
  await expect(page.getByTestId('test-payment-note')).toBeVisible();
  const summary = page.getByTestId('checkout-summary');
  const parts = kobo(
    await summary.getByText('All parts').locator('xpath=..').locator('dd').textContent(),
  );
  const discount = kobo(await page.getByTestId('sum-discount').textContent());
  const total = kobo(await page.getByTestId('sum-total').textContent());
  expect(discount).toBe(Math.floor(parts / 10));
  expect(total).toBe(parts - discount + 750_000);
  await expectAccessible(page);
  await shot(page, '04-checkout', { full: true });

  // Paystack's (test) page, then back to My Orders with the result.
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await expect(page.getByText(/test/i).first()).toBeVisible();
  await shot(page, '05-paystack-test-page', { full: true });
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/user\/orders\?checkout=.*payment=success/);
  await expect(page.getByTestId('checkout-result')).toContainText('Payment received');
  await expect(page.getByTestId('checkout-result').getByTestId('test-payment-note')).toBeVisible();
  const mine = page.getByTestId('order').first();
  await expect(mine.getByTestId('order-status')).toHaveText('paid');
  await expect(mine.getByTestId('money-state')).toHaveText('Paid, held until you confirm delivery');
  const number = (await mine.getByRole('heading').textContent())!.replace('Order ', '').trim();
  await expectAccessible(page);
  await shot(page, '06-orders-paid', { full: true });

  // The seller accepts, ships with a note and delivers.
  const seller = await sellerPage(browser, page, baseURL!);
  await seller.goto('/user/store/orders');
  await hydrated(seller);
  const before = kobo(await seller.getByTestId('store-balance').textContent());
  await expect(order(seller, number).getByTestId('money-state')).toContainText(
    'held by SpareFinder',
  );
  await act(seller, number, 'Accept order');
  await order(seller, number)
    .getByLabel(/Note for the buyer/)
    .fill('GIG Logistics, waybill 4471');
  await act(seller, number, 'Mark shipped');
  await expect(order(seller, number).getByTestId('order-status')).toHaveText('shipped');
  await shot(seller, '07-seller-orders', { full: true });
  await act(seller, number, 'Mark delivered');
  await expect(order(seller, number).getByTestId('order-status')).toHaveText('delivered');

  // The buyer confirms; the money goes to the store's balance.
  await page.goto('/user/orders');
  await hydrated(page);
  await expect(order(page, number)).toContainText('GIG Logistics, waybill 4471');
  // 'I received it' asks first, naming what the store receives.
  await order(page, number).getByTestId('receive').locator('summary').click();
  await order(page, number).getByTestId('received').click();
  await page.waitForLoadState('networkidle');
  await expect(order(page, number).getByTestId('order-status')).toHaveText('completed');
  await expect(order(page, number).getByTestId('money-state')).toHaveText(
    'Paid and released to the store',
  );
  await shot(page, '08-orders-completed', { full: true });
  await seller.reload();
  const after = kobo(await seller.getByTestId('store-balance').textContent());
  expect(after).toBeGreaterThan(before);
  await shot(seller, '09-seller-balance', { full: true });
  await seller.context().close();
  await api.dispose();
  await admin.dispose();
});

test('pay on delivery: pickup, the order goes to the store at once, the seller marks the cash received', async ({
  page,
  browser,
  baseURL,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL });
  const part = await partFor(api, info, 1);
  await newBuyer(page.request, info, 'pod');
  await page.goto(`/product/${part.id}`);
  await hydrated(page);
  // Signed in, the part goes to the server cart; pressing again updates the one confirmation.
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-confirmation')).toContainText('added to your cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('cart-confirmation')).toHaveCount(1);
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/shopping\/checkout$/);
  await hydrated(page);
  await page.getByTestId('fulfilment-pickup').check();
  await page.getByTestId('pay-on-delivery').check();
  await expect(page.getByTestId('sum-delivery')).toHaveText('₦0.00');
  const total = await page.getByTestId('sum-total').textContent();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/user\/orders\?checkout=.*placed=1/);
  await expect(page.getByTestId('checkout-result')).toContainText(
    `Order placed: ${total} to pay on delivery`,
  );
  const mine = page.getByTestId('order').first();
  await expect(mine.getByTestId('money-state')).toHaveText(
    'To pay in cash to the store on delivery',
  );
  const number = (await mine.getByRole('heading').textContent())!.replace('Order ', '').trim();
  await expect(page.getByTestId('cart-link')).toHaveCount(0);

  const seller = await sellerPage(browser, page, baseURL!);
  await seller.goto('/user/store/orders');
  await act(seller, number, 'Accept order');
  await act(seller, number, /^Cash received/);
  await expect(order(seller, number).getByTestId('money-state')).toHaveText(
    'Cash received on delivery',
  );
  await seller.context().close();
  await api.dispose();
});

test('a declined Paystack payment leaves the order unpaid, its stock held, and offers to pay again; when the hold runs out the order is cancelled and the stock returns', async ({
  page,
  baseURL,
  playwright,
}, info) => {
  // Most of this test is a wait for the hold to run out (30 s), and the hold is the server's:
  // the phone run (the buyer's usual screen) covers it.
  test.skip(info.project.name !== 'phone', 'the hold is waited for once, at phone size');
  const api = await playwright.request.newContext({ baseURL });
  const part = await ownPart(await playwright.request.newContext({ baseURL }), info);
  await newBuyer(page.request, info, 'decline');
  expect(
    (
      await page.request.post('/api/cart/items', { data: { productId: part.id, quantity: 1 } })
    ).status(),
  ).toBe(200);
  const stock = await stockOf(api, part.id);
  await page.goto('/shopping/checkout');
  await hydrated(page);
  await page.getByTestId('fulfilment-pickup').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/user\/orders\?checkout=.*payment=failed/);
  await expect(page.getByTestId('checkout-result')).toContainText('Your payment was declined');
  const mine = page.getByTestId('order').first();
  await expect(mine.getByTestId('order-status')).toHaveText('awaiting payment');
  await expect(mine.getByTestId('money-state')).toContainText('Not paid yet');
  await expect(mine.getByRole('button', { name: /Pay now/ })).toBeVisible();
  await shot(page, '10-orders-declined', { full: true });
  const number = (await mine.getByRole('heading').textContent())!.replace('Order ', '').trim();
  // The part is held for this order until the payment time runs out.
  expect(await stockOf(api, part.id)).toBe(stock - 1);
  await page.goto(`/product/${part.id}`);
  await expect(page.getByText(`${stock - 1} in stock`, { exact: true })).toBeVisible();

  // The hold runs out (30 s in the browser tests: ORDER_HOLD_SECONDS=30) and the job cancels
  // the order: the part is back on sale, as the product page says.
  await expect(async () => {
    await page.goto(`/product/${part.id}`);
    await expect(page.getByText(`${stock} in stock`, { exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  await shot(page, '11-stock-back', { full: true });
  await page.goto('/user/orders');
  await hydrated(page);
  await expect(order(page, number).getByTestId('order-status')).toHaveText('cancelled');
  await expect(order(page, number).getByTestId('money-state')).toHaveText(
    'Cancelled: nothing was paid',
  );
  await expect(order(page, number).getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '12-orders-expired', { full: true });
  expect(await stockOf(api, part.id)).toBe(stock);
  await api.dispose();
});

test('without JavaScript a guest adds to cart, logs in and finds the part offered in the cart', async ({
  browser,
  baseURL,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL });
  const part = await partFor(api, info, 3);
  const email = await newBuyer(api, info, 'nojs');
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`/product/${part.id}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await expect(page.getByText('You are not logged in')).toBeVisible();
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/shopping/cart\\?add=${part.id}`));
  await page.getByTestId('cart-offer').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-line')).toContainText(part.name);
  await page.getByRole('button', { name: `One more ${part.name}` }).click();
  await expect(page.getByTestId('line-qty')).toHaveText('2');
  await ctx.close();
  await api.dispose();
});

test('the checkout form sent twice with its Idempotency-Key places one set of orders', async ({
  page,
  baseURL,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL });
  const part = await partFor(api, info, 3);
  await newBuyer(page.request, info, 'twice');
  expect(
    (
      await page.request.post('/api/cart/items', { data: { productId: part.id, quantity: 1 } })
    ).status(),
  ).toBe(200);
  await page.goto('/shopping/checkout');
  const key = await page.locator('input[name=idempotencyKey]').inputValue();
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // Two presses of 'Place order' before the first answer: the same form, the same key.
  const form = {
    idempotencyKey: key,
    intent: 'place',
    fulfilment: 'pickup',
    phone: '08031234567',
    paymentMethod: 'pay_on_delivery',
  };
  const send = () =>
    page.request.post('/shopping/checkout', {
      form,
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
  const [a, b] = await Promise.all([send(), send()]);
  const where = [a.headers().location, b.headers().location];
  expect(where[0]).toMatch(/\/user\/orders\?checkout=.*placed=1/);
  expect(where[1]).toBe(where[0]);
  const orders = await (await page.request.get('/api/orders')).json();
  expect(orders.items).toHaveLength(1);
  await api.dispose();
});
