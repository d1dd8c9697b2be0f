import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, isPhone, shot, uniquePhone } from './helpers.ts';

// The demo seller's plan: the page shows the plan and its renewal date; paying for Premium
// on the local Paystack test page moves the store to Premium (phone and desktop run at once:
// the second payment renews the first's Premium, so both end on Premium).
test.describe.configure({ timeout: 120_000 });

const DAY = /\d{1,2} [A-Z][a-z]+ 20\d\d/;

test('the demo seller pays for Premium on the test payment page and sees the new plan and renewal date', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'seller@demo.ng', password: 'demo1234' },
  });
  expect(login.status()).toBe(200);

  await page.goto('/user/store');
  await hydrated(page);
  // The role menu's Subscription link leads to the page.
  let menu;
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    menu = page.getByRole('dialog', { name: 'Menu' });
  } else {
    await page.locator('header details[data-testid="accounts-menu"] summary').click();
    menu = page.locator('header details[data-testid="accounts-menu"] ul');
  }
  await menu.getByRole('link', { name: 'Subscription', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/store\/subscriptions$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  // Seeded on Basic (or already Premium when the other project paid first).
  await expect(page.getByTestId('current-plan')).toHaveText(/^(Basic|Premium)$/);
  await expect(page.getByTestId('renewal-date')).toContainText(DAY);
  await expect(page.getByTestId('plan-premium')).toContainText('₦15,000.00');
  await expect(page.getByTestId('plan-premium')).toContainText('Up to 5,000 products per store');
  await expect(page.getByTestId('test-payment-note')).toBeVisible();
  // Before paying, the page says what happens: the Basic days left are not lost (or, when the
  // other project paid first, Premium runs 30 more days).
  await expect(page.getByTestId('plan-premium-terms')).toHaveText(
    /^You pay ₦15,000\.00 now\. Premium (starts at once and runs until \d{1,2} [A-Z][a-z]+ 20\d\d: 30 days plus \d+ days? for the \d+ days? left on Basic, which are not lost\.|runs 30 more days, until \d{1,2} [A-Z][a-z]+ 20\d\d\.)$/,
  );
  await expect(page.getByTestId('placement-rule')).toContainText(
    'Plans do not change where your parts appear',
  );
  await expectAccessible(page);
  await shot(page, '01-plans', { full: true });

  await page.getByTestId('plan-premium-pay').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await shot(page, '02-paystack-test-page', { full: true });
  await page.getByRole('button', { name: 'Pay (test)' }).click();

  await expect(page).toHaveURL(/\/user\/store\/subscriptions\?payment=success$/);
  await expect(page.getByTestId('payment-result')).toContainText('Payment received');
  await expect(page.getByTestId('current-plan')).toHaveText('Premium');
  await expect(page.getByTestId('renewal-date')).toContainText(DAY);
  await expect(page.getByTestId('current-usage')).toContainText('of 5,000 products allowed');
  await expect(page.getByTestId('plan-premium-pay')).toHaveText('Renew Premium for another month');
  await expectAccessible(page);
  await shot(page, '03-premium', { full: true });
  expect(problems).toEqual([]);
});

/** A seller registered just now (Free, no store yet), signed in on `page`. */
async function newSeller(page: Page, info: TestInfo, tag: string) {
  const stamp = `${tag}-${info.project.name}-${Date.now()}`;
  const r = await page.request.post('/api/auth/register', {
    data: {
      name: 'Amaka Nwosu',
      email: `plan-${stamp}@e2e.ng`,
      phone: uniquePhone(),
      password: 'Shock-absorbers-for-Hilux-7',
      role: 'Seller',
      businessName: `Nwosu Motors ${stamp}`,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
}

test('a new seller on Free declines once, then upgrades to Basic on the test payment page', async ({
  page,
}, info) => {
  await newSeller(page, info, 'js');
  await page.goto('/user/store/subscriptions');
  await hydrated(page);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await expect(page.getByTestId('renewal-date')).toHaveCount(0);
  await expect(page.getByTestId('plan-basic')).toContainText('₦5,000.00');

  await page.getByTestId('plan-basic-pay').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/user\/store\/subscriptions\?payment=failed$/);
  await expect(page.getByTestId('payment-result')).toContainText('declined');
  await expect(page.getByTestId('current-plan')).toHaveText('Free');

  await page.getByTestId('plan-basic-pay').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/user\/store\/subscriptions\?payment=success$/);
  await expect(page.getByTestId('current-plan')).toHaveText('Basic');
  await expect(page.getByTestId('renewal-date')).toContainText(DAY);
  await expect(page.getByTestId('plan-premium-pay')).toHaveText('Upgrade to Premium');
  await shot(page, '04-new-seller-basic', { full: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the plan form and the test payment page work as plain HTML', async ({ page }, info) => {
    await newSeller(page, info, 'nojs');
    await page.goto('/user/store/subscriptions');
    await expect(page.getByTestId('current-plan')).toHaveText('Free');
    await page.getByTestId('plan-basic-pay').click();
    await expect(page).toHaveURL(/\/paystack-test\/pay\//);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await expect(page).toHaveURL(/\/user\/store\/subscriptions\?payment=success$/);
    await expect(page.getByTestId('current-plan')).toHaveText('Basic');
    await expect(page.getByTestId('renewal-date')).toContainText(DAY);
  });
});

test("the demo mechanic's plans: Free now, placement stated in the list's order rule", async ({
  page,
}) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'mechanic@demo.ng', password: 'demo1234' },
  });
  expect(login.status()).toBe(200);
  await page.goto('/user/workshop/subscriptions');
  await hydrated(page);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await expect(page.getByTestId('current-usage')).toHaveText(
    'Your workshop is listed. Every plan covers one workshop per account.',
  );
  // No plan sells a second workshop; each says what its placement buys, within the area.
  for (const code of ['free', 'basic', 'premium'])
    await expect(page.getByTestId(`plan-${code}`)).toContainText('1 workshop listing');
  await expect(page.getByText(/Up to \d+ workshops/)).toHaveCount(0);
  await expect(page.getByTestId('plan-basic')).toContainText(
    'Marked Promoted and shown before Free workshops in the same area',
  );
  await expect(page.getByTestId('plan-premium')).toContainText(
    'shown before Basic and Free workshops in the same area',
  );
  await expect(page.getByTestId('plan-premium-terms')).toHaveText(
    /^You pay ₦8,000\.00 now\. Premium starts at once and runs until \d{1,2} [A-Z][a-z]+ 20\d\d: 30 days\.$/,
  );
  await expect(page.getByTestId('placement-rule')).toContainText(
    'A paid plan never puts you above a workshop nearer the buyer',
  );
  await expectAccessible(page);
  await shot(page, '05-mechanic', { full: true });
  // Another role's subscription page is refused.
  const other = await page.goto('/user/store/subscriptions');
  expect(other?.status()).toBe(403);
});

/** Registers a mechanic (signed in on `page` afterwards) and lists their workshop in `place`. */
async function listedMechanic(
  page: Page,
  info: TestInfo,
  name: string,
  place: { stateId: number; cityId: number },
) {
  const stamp = `${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const r = await page.request.post('/api/auth/register', {
    data: {
      name: 'Tunde Bakare',
      email: `promo-${stamp}@e2e.ng`,
      phone: uniquePhone(),
      password: 'Gearbox-overhaul-2026',
      role: 'Mechanic',
      businessName: name,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const saved = await page.request.patch('/api/provider/profile', {
    data: {
      companyName: name,
      mobileNumber: uniquePhone(),
      ...place,
      address: '3 Oba Akran Avenue',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a Premium workshop is marked Promoted in the mechanic list; a free one is not', async ({
  page,
}, info) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const states = (await (await page.request.get('/api/database/states/NG')).json()).items as {
    label: string;
    value: number;
  }[];
  const stateId = states.find((s) => s.label === 'Lagos')!.value;
  const cities = (await (await page.request.get(`/api/database/cities/${stateId}`)).json())
    .items as { label: string; value: number }[];
  const place = { stateId, cityId: cities[cities.length - 1].value };
  const tag = `${info.project.name} ${Date.now() % 1e6}`;
  const free = `Free Gearbox Works ${tag}`;
  const paid = `Premium Gearbox Works ${tag}`;
  await listedMechanic(page, info, free, place);
  await listedMechanic(page, info, paid, place);

  await page.goto('/user/workshop/subscriptions');
  await hydrated(page);
  await expect(page.getByTestId('plan-premium-terms')).toContainText('You pay ₦8,000.00 now.');
  await page.getByTestId('plan-premium-pay').click();
  await expect(page).toHaveURL(/\/paystack-test\/pay\//);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(/\/user\/workshop\/subscriptions\?payment=success$/);
  await expect(page.getByTestId('current-plan')).toHaveText('Premium');

  // Buyers look at phones: the list at 360x740 (this file otherwise runs at desktop size).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/mechanics?regionId=${place.stateId}&city=${place.cityId}`);
  await hydrated(page);
  const card = (name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card(paid).getByText('Promoted', { exact: true })).toBeVisible();
  await expect(card(free)).toBeVisible();
  await expect(card(free).getByText('Promoted', { exact: true })).toHaveCount(0);
  // Paid placement leads the list of the city: the promoted cards come before the free one.
  const names = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(names.indexOf(paid)).toBeLessThan(names.indexOf(free));
  await card(paid).scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shot(page, '06-promoted-card', { full: true });
  expect(problems).toEqual([]);
});
