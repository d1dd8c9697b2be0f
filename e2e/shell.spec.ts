import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated, openAccountMenu, swipeRight } from './helpers.ts';

test.describe('marketplace shell', () => {
  test('home is server-rendered with the four tabs, which navigate', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    for (const tab of ['SEARCH', 'SPARE PARTS', 'MECHANICS', 'TOW VAN'])
      expect(html).toContain(tab);

    await page.goto('/');
    await hydrated(page);
    const tabs = page.getByRole('navigation', { name: 'Find' });
    await tabs.getByRole('link', { name: 'MECHANICS' }).click();
    await expect(page).toHaveURL(/\/mechanics$/);
    await tabs.getByRole('link', { name: 'TOW VAN' }).click();
    await expect(page).toHaveURL(/\/towvans$/);
    await tabs.getByRole('link', { name: 'SPARE PARTS' }).click();
    await expect(page).toHaveURL(/\/spares-parts$/);
    await tabs.getByRole('link', { name: 'SEARCH' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path answers 404 with the error page and Go Back', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
    await hydrated(page);
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('footer has support contacts, newsletter, social links, app badges and link columns', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /\+234 700 772 7334/ })).toHaveAttribute(
      'href',
      'tel:+2347007727334',
    );
    await expect(footer.getByRole('link', { name: 'support@sparefinder.ng' })).toBeVisible();
    await expect(footer.getByLabel('Your e-mail address')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Facebook' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Google Play/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/static/faq');
    await expect(footer.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('footer links (rendered once per server process) navigate inside the page', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => ((window as any).__samePage = true));
    const requests: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && requests.push(r.url()));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as any).__samePage)).toBe(true); // no page load
    expect(requests).toEqual([]);
    // The footer is still there after the client-side render, and its newsletter box works.
    await expect(page.getByRole('contentinfo').getByLabel('Your e-mail address')).toBeVisible();
  });

  test('guests see Login and Register in the Accounts menu', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  });

  test('header search refuses 3 characters or fewer', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Search spare parts' }).first();
    await box.fill('abc');
    await box.press('Enter');
    await expect(page.getByText('Search text should be more than 3 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectAccessible(page);
    await page.goto('/no/such/page');
    await expectAccessible(page);
  });

  test('works without JavaScript: tabs are plain links', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Find' })
      .getByRole('link', { name: 'MECHANICS' })
      .click();
    await expect(page).toHaveURL(/\/mechanics$/);
    await expect(page.getByRole('heading', { name: 'Mechanics', level: 1 })).toBeVisible();
    await ctx.close();
  });
});

test.describe('mobile side menu', () => {
  // Skipped on purpose in the desktop project: this behaviour exists (or is budgeted) on phones only.
  test.skip(
    ({ viewport }) => (viewport?.width ?? 1280) >= 768,
    'the side menu exists on phones only',
  );

  test('locks page scroll while open and closes on a right swipe of more than 60 px', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await swipeRight(page, '#mobile-menu', 40);
    await expect(menu).toBeVisible();
    await swipeRight(page, '#mobile-menu', 90);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('closes on navigation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Mechanics' }).click();
    await expect(page).toHaveURL(/\/mechanics$/);
    await expect(menu).toBeHidden();
  });
});
