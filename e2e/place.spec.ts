import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { hydrated, isPhone, uniquePhone } from './helpers.ts';

// Location first: the visitor picks their state once from the header; parts, mechanics and tow
// vans lists start there (said on the list, one tap widens to all Nigeria, nearest first); the
// browser remembers it, and a signed-in user's account does too.

const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;

const placeLink = (page: Page) => page.locator('[data-testid=place-link]:visible');

async function choose(page: Page, state: string) {
  await placeLink(page).click();
  await expect(page).toHaveURL(/\/place\?next=/);
  await expect(page.getByRole('heading', { name: 'Where are you?' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('State', { exact: true }).selectOption({ label: state });
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a guest picks Lagos: parts and mechanics start there; one tap widens to all Nigeria', async ({
  page,
}) => {
  await page.goto('/spares-parts');
  await hydrated(page);
  await expect(placeLink(page)).toHaveText(/Your state/);
  await choose(page, 'Lagos');
  await expect(page).toHaveURL(/\/spares-parts$/);
  await expect(placeLink(page)).toHaveText(/Lagos/);
  const bar = page.getByTestId('place-bar');
  await expect(bar).toContainText('Showing parts in Lagos');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(/\d+/);
  const inLagos = await page
    .locator('main')
    .getByText(/, Lagos$/)
    .count();
  expect(inLagos).toBeGreaterThan(0);
  await expect(page.locator('main').getByText(/, (Kano|Rivers|Abuja|Oyo)$/)).toHaveCount(0);

  await bar.getByRole('link', { name: 'Show all Nigeria' }).click();
  await expect(bar).toContainText('Showing all Nigeria, Lagos and nearby states first');
  await expect(page).toHaveURL(/regionId=$/);
  // The first card is from Lagos (its own state first).
  await expect(
    page
      .locator('main')
      .getByText(/, Lagos$/)
      .first(),
  ).toBeVisible();

  // Remembered by the browser: another list, and a new visit, start in Lagos.
  await page.goto('/mechanics');
  await expect(page.getByTestId('place-bar')).toContainText('Showing mechanics in Lagos');
  await page.goto('/towvans');
  await expect(page.getByTestId('place-bar')).toContainText('Showing tow vans in Lagos');
  await page.getByTestId('place-bar').getByRole('link', { name: 'Show all Nigeria' }).click();
  await expect(page.getByTestId('place-bar')).toContainText('Lagos and nearby states first');
});

test('a state picked before the page has finished loading is kept when saved', async ({ page }) => {
  // A slow phone: the page is there and the thumb is quicker than the scripts. The choice is in
  // the select before React listens; saving must keep it, not empty the select and refuse.
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto('/place?next=/spares-parts', { waitUntil: 'domcontentloaded' });
  // Tapped (focused), then chosen: pressing Save moves the focus away from it.
  const state = page.getByLabel('State', { exact: true });
  await state.focus();
  await state.selectOption({ label: 'Lagos' });
  release();
  await hydrated(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/spares-parts$/);
  await expect(placeLink(page)).toHaveText(/Lagos/);
});

test('a guest who picks a city too sees its parts and tow vans first, in their state and across Nigeria', async ({
  page,
}) => {
  await page.goto('/spares-parts');
  await hydrated(page);
  await placeLink(page).click();
  // The parts list has a State select of its own (desktop shows it), and the address changes
  // before the new page is drawn: wait for the place page itself.
  await expect(page.getByRole('heading', { name: 'Where are you?' })).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Lagos' });
  await page.getByLabel(/City/).selectOption({ label: 'Lekki' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/spares-parts$/);
  const bar = page.getByTestId('place-bar');
  await expect(bar).toContainText('Showing parts in Lagos, Lekki first.');
  const cards = page.locator('main').getByTestId('product-card');
  await expect(cards.first()).toContainText('Lekki, Lagos');
  // Across Nigeria too: Lekki, then the rest of Lagos and its neighbours.
  await bar.getByRole('link', { name: 'Show all Nigeria' }).click();
  await expect(bar).toContainText('Showing all Nigeria, Lekki, then Lagos and nearby states first');
  await expect(cards.first()).toContainText('Lekki, Lagos');

  await page.goto('/towvans');
  await expect(page.getByTestId('place-bar')).toContainText(
    'Showing tow vans in Lagos, Lekki first.',
  );
  await expect(page.locator('main article').first()).toContainText('Lekki');
});

test('a signed-in buyer’s place is kept on the account and follows them to another browser', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'place');
  const password = 'Keke-napep-2026';
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Ada Obi', email, phone: uniquePhone(), password, role: 'Buyer' },
  });
  expect(reg.status()).toBe(201);
  await page.goto('/mechanics');
  await hydrated(page);
  await choose(page, 'Rivers');
  await expect(page).toHaveURL(/\/mechanics$/);
  await expect(page.getByTestId('place-bar')).toContainText('Showing mechanics in Rivers');

  // A new browser (no place cookie): signing in brings the account's place.
  const other = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: info.project.use.baseURL,
  });
  const p2 = await other.newPage();
  expect((await p2.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(
    200,
  );
  await p2.goto('/spares-parts');
  await expect(p2.locator('[data-testid=place-link]:visible')).toHaveText(/Rivers/);
  await expect(p2.getByTestId('place-bar')).toContainText('Showing parts in Rivers');
  await other.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the place form works as a plain form', async ({ page }) => {
    // Skipped on desktop on purpose: the plain form is the same at both sizes, and Opera Mini
    // (the reason it must work without JavaScript) runs on phones.
    test.skip(!isPhone(page), 'one size is enough for the plain form; the phone is the case');
    await page.goto('/towvans');
    await placeLink(page).click();
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Kano' });
    await page.getByRole('button', { name: 'Show cities' }).click();
    await expect(page.getByLabel('City or area (optional)')).toBeEnabled();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/towvans$/);
    await expect(page.getByTestId('place-bar')).toContainText('Showing tow vans in Kano');
  });
});
