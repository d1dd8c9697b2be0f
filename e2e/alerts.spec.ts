import { expect, test, type TestInfo } from '@playwright/test';
import {
  expectAccessible,
  hydrated,
  isPhone,
  openAccountMenu,
  shot,
  uniquePhone,
} from './helpers.ts';

// Saved searches and price alerts with two people at once: a new buyer saves "headlamp corolla
// 2010" in the demo seller's state from the parts list (as a guest first: asked to log in), the
// demo seller lists a matching headlamp, and the buyer's bell counts it without a reload; the
// notice opens the part, where the buyer asks to hear when it is cheaper; the alerts page lists,
// pauses and deletes them. Without JavaScript the same forms work.
test.describe.configure({ timeout: 180_000 });

const uniqueEmail = (info: TestInfo) =>
  `alerts-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
const PASSWORD = 'Headlamp-watch-2026';

test('a buyer saves a search, a seller lists a matching part, the bell shows it', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const viewport = page.viewportSize();
  // The demo seller, in a context of its own: its store's state is where the buyer looks.
  const sellerCtx = await browser.newContext({ baseURL, viewport });
  expect(
    (
      await sellerCtx.request.post('/api/auth/login', {
        data: { email: 'seller@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  const profile = await (await sellerCtx.request.get('/api/store/profile')).json();
  const stateId: number = profile.store.stateId;
  const cars = await (await page.request.get('/api/database/cars/make')).json();
  const toyota = (cars.items as { label: string; value: number }[]).find(
    (m) => m.label === 'Toyota',
  )!.value;
  const models = await (await page.request.get(`/api/database/cars/model/${toyota}`)).json();
  const corolla = (models.items as { label: string; value: number }[]).find(
    (m) => m.label === 'Corolla',
  )!.value;

  // A new buyer (their own bell and alerts), first as a guest on the parts list.
  const email = uniqueEmail(info);
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Kemi Adewale', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await page.request.post('/api/auth/logout');
  const list = `/spares-parts?prodName=headlamp+corolla+2010&regionId=${stateId}`;
  await page.goto(list);
  await hydrated(page);
  await page.getByRole('button', { name: 'Tell me when new parts match' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expect(page.getByText('Please login to access this feature.').first()).toBeVisible();
  await shot(page, 'login');
  await page.getByLabel('E-mail or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Back on the list, signed in: one tap saves it, and the page stays.
  await expect(page).toHaveURL(new RegExp(`/spares-parts\\?prodName=headlamp`));
  await hydrated(page);
  await expect(page.getByTestId('bell')).toBeVisible();
  // A signed-in user's form answers in place once its code is in (before, it posts as a page).
  await expect(page.locator('[data-testid="save-search"] input[name="stay"]')).toBeAttached();
  await page.getByRole('button', { name: 'Tell me when new parts match' }).click();
  await expect(page.getByTestId('save-search-answer')).toContainText(
    "Saved: we'll tell you when new parts match",
  );
  await expect(page).toHaveURL(new RegExp(`/spares-parts\\?prodName=headlamp`));
  await shot(page, 'list-saved');
  // The same search again: refused, said in place.
  await page.getByRole('button', { name: 'Tell me when new parts match' }).click();
  await expect(page.getByTestId('save-search-answer')).toContainText('already saved this search');
  await expect(page.getByTestId('bell-count')).toHaveCount(0);

  // The seller lists a matching headlamp; the buyer's open page counts it (the live socket).
  const name = `Corolla headlamp right ${info.project.name} ${Date.now() % 1e6}`;
  const listed = await sellerCtx.request.post('/api/store/products', {
    data: {
      name,
      title: 'Tokunbo, clean lens',
      description: 'Fits Corolla 2008 to 2013.',
      catId: 1001,
      condition: 2,
      priceKobo: 4_500_000,
      salesKobo: null,
      stock: 2,
      fitments: [{ makeId: toyota, modelId: corolla, yearFrom: 2008, yearTo: 2013 }],
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const productId: number = (await listed.json()).item.id;
  // The other screen size's run lists its own headlamp at the same time: one or two.
  await expect(page.getByTestId('bell-count')).toHaveText(/^[12]$/, { timeout: 20_000 });
  await shot(page, 'bell');

  await page.getByTestId('bell').click();
  await expect(page).toHaveURL(/\/user\/notifications/);
  const notice = page.getByRole('link', {
    name: new RegExp(`New part for .headlamp corolla 2010 in .*: ${name}`),
  });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: 'Saved searches & alerts' })).toBeVisible();
  await shot(page, 'notifications');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}`));
  await hydrated(page);

  // On the part: tell me when it is cheaper, below a price of my own.
  await expect(page.locator('[data-testid="price-alert"] input[name="stay"]')).toBeAttached();
  await page.getByText('Wait for a price (optional)').click();
  await page.getByRole('button', { name: "Tell me when it's cheaper" }).scrollIntoViewIfNeeded();
  await shot(page, 'product');
  await page.getByLabel('Only below (₦)').fill('40,000');
  await page.getByRole('button', { name: "Tell me when it's cheaper" }).click();
  // Saved: the page now says what the alert waits for.
  await expect(page.getByTestId('price-alert-set')).toContainText(
    'We tell you when it is below ₦40,000',
  );
  await shot(page, 'product-saved');

  // The account menu leads to the alerts page: both are there.
  const menu = await openAccountMenu(page);
  await menu.getByRole('link', { name: 'Saved searches & alerts' }).click();
  await expect(page).toHaveURL(/\/user\/alerts$/);
  await hydrated(page);
  const cards = page.getByTestId('alert');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(name);
  await expect(cards.first()).toContainText('below ₦40,000');
  await expect(cards.nth(1)).toContainText('headlamp corolla 2010 in');
  await expect(cards.nth(1)).toContainText(/[12] new parts? in 30 days/);
  await expectAccessible(page);
  await shot(page, 'alerts');
  if (isPhone(page)) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Pause the search, then delete the price alert.
  await cards
    .nth(1)
    .getByRole('button', { name: /^Pause/ })
    .click();
  await expect(cards.nth(1)).toContainText('Paused');
  await cards
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('0 of 20 price alerts')).toBeVisible();

  // The grouped link of the search opens what it found.
  await cards
    .first()
    .getByRole('link', { name: /new part/ })
    .click();
  await expect(page.getByRole('link', { name }).first()).toBeVisible();
  await sellerCtx.close();
});

test('without JavaScript: saving a search opens the alerts page, which says what was saved', async ({
  browser,
  baseURL,
  page,
}, info) => {
  const ctx = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    javaScriptEnabled: false,
  });
  const p = await ctx.newPage();
  const email = uniqueEmail(info);
  const reg = await p.request.post('/api/auth/register', {
    data: { name: 'Tunde Bakare', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status()).toBe(201);
  await p.goto('/spares-parts?prodName=alternator+camry');
  await p.getByRole('button', { name: 'Tell me when new parts match' }).click();
  await expect(p).toHaveURL(/\/user\/alerts\?saved=/);
  await expect(p.getByRole('status')).toContainText('Saved: “alternator camry”');
  await expect(p.getByRole('link', { name: /Back to the parts/ })).toHaveAttribute(
    'href',
    '/spares-parts?prodName=alternator+camry',
  );
  await expect(p.getByRole('link', { name: '← Back to the parts' })).toBeVisible();
  await shot(p, 'nojs-saved');
  await p.getByRole('button', { name: /^Delete/ }).click();
  await expect(p.getByText('Nothing saved yet.')).toBeVisible();
  // The home SEARCH's parts group saves its words and place the same way.
  await p.goto('/search?q=headlamp+corolla+lagos');
  await expect(
    p.getByTestId('group-part').getByRole('button', { name: 'Tell me when new parts match' }),
  ).toBeVisible();
  await shot(p, 'nojs-search');
  await ctx.close();
});
