import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, hydrated, isPhone, signIn } from './helpers.ts';

// The demo mechanic runs /mechanic/1 and the demo tow van its first garage. Each test edits one
// of them from one viewport only (two viewports saving the same listing at once would race),
// and puts back what it changed, so other specs see the demo data as seeded.
test.describe.configure({ timeout: 90_000 });

/** A guest's view of a page (served from the guest page cache when it holds it). */
async function asGuest(browser: Browser, path: string) {
  const ctx = await browser.newContext();
  const guest = await ctx.newPage();
  await guest.goto(path);
  return { guest, close: () => ctx.close() };
}

const dayOnPage = (page: Page, day: string) =>
  page
    .getByRole('region', { name: 'Available days' })
    .getByRole('listitem')
    .filter({ hasText: day });

test.describe('my workshop and my garage', () => {
  test('the demo mechanic edits days and specialities; the public page and the list filters show them', async ({
    page,
    browser,
  }) => {
    // One viewport edits the demo workshop: two saving the same listing at once would race.
    test.skip(isPhone(page), 'one viewport edits the demo workshop (the phone edits the garage)');
    await signIn(page, 'mechanic@demo.ng');
    // A guest has the public page cached before the change.
    const before = await asGuest(browser, '/mechanic/1');
    await expect(before.guest.getByRole('heading', { level: 1 })).toBeVisible();
    await before.close();

    await page.goto('/user/workshop');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My workshop' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
    await expect(page.getByText('No requests yet.')).toBeVisible();
    await expectAccessible(page);

    const days = page.getByRole('group', { name: 'Days open' });
    const sunday = days.getByRole('checkbox', { name: 'Sunday' });
    const wasOpen = await sunday.isChecked();
    const specs = page.getByRole('group', { name: 'Specialities' });
    const added = specs.getByRole('checkbox', { checked: false }).first();
    const label = (await added.locator('xpath=..').innerText()).trim();
    const value = await added.getAttribute('value');

    await sunday.setChecked(!wasOpen);
    await added.check();
    await page.getByRole('button', { name: 'Save workshop' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your workshop is saved' }).first(),
    ).toBeVisible();
    await expect(specs.getByRole('checkbox', { name: label })).toBeChecked();

    // The public page, for a guest, at once.
    const after = await asGuest(browser, '/mechanic/1');
    await expect(dayOnPage(after.guest, 'Sunday')).toContainText(wasOpen ? ': closed' : ': open');
    await expect(
      after.guest.getByRole('region', { name: 'Specialities' }).getByText(label, { exact: true }),
    ).toBeVisible();
    // The list filtered by that speciality and day finds it.
    await after.guest.goto(`/mechanics?speciality=${value}&avaliability=Sunday`);
    const found = after.guest.getByRole('list', { name: 'Mechanics found' });
    if (wasOpen) await expect(found.getByText('Ladipo Auto Clinic')).toHaveCount(0);
    else await expect(found.getByText('Ladipo Auto Clinic')).toBeVisible();
    await after.close();

    // Put the demo data back.
    await page.reload();
    await hydrated(page);
    await page
      .getByRole('group', { name: 'Days open' })
      .getByRole('checkbox', { name: 'Sunday' })
      .setChecked(wasOpen);
    await page
      .getByRole('group', { name: 'Specialities' })
      .getByRole('checkbox', { name: label })
      .uncheck();
    await page.getByRole('button', { name: 'Save workshop' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your workshop is saved' }).first(),
    ).toBeVisible();

    // Choosing a state loads its cities at once (not saved: the demo workshop stays in Lagos).
    // Chosen right after the save: the page's fresh data landing a moment later keeps the choice.
    await page.getByLabel('State').selectOption({ label: 'Oyo' });
    await expect(
      page.getByLabel('City').locator('option', { hasText: 'Ibadan' }).first(),
    ).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('State')).toHaveValue(
      (await page
        .getByLabel('State')
        .locator('option', { hasText: 'Oyo' })
        .getAttribute('value')) ?? '',
    );
    await expect(page.getByLabel('City').locator('option', { hasText: 'Ladipo' })).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the demo tow van edits its garage with the plain form; a bad number is refused beside the field', async ({
      page,
      browser,
    }) => {
      // One viewport edits the demo garage: two saving the same listing at once would race.
      test.skip(
        !isPhone(page),
        'one viewport edits the demo garage (the desktop edits the workshop)',
      );
      await signIn(page, 'towvan@demo.ng');
      await page.goto('/user/garage');
      await expect(page.getByRole('heading', { level: 1, name: 'My garage' })).toBeVisible();
      const publicPath = await page
        .getByRole('link', { name: 'your public page' })
        .getAttribute('href');
      expect(publicPath).toMatch(/^\/towvan\/\d+$/);

      // A new state without JavaScript: its cities come with the answer, nothing is saved yet.
      const state = await page.getByLabel('State').inputValue();
      await page.getByLabel('State').selectOption({ label: 'Oyo' });
      await page.getByRole('button', { name: 'Save garage' }).click();
      await expect(page.getByText('Choose a city of your state').first()).toBeVisible();
      await expect(
        page.getByLabel('City').locator('option', { hasText: 'Ibadan' }).first(),
      ).toBeAttached();
      await page.goto('/user/garage');
      expect(await page.getByLabel('State').inputValue()).toBe(state);

      const mobile = page.getByLabel('Mobile number');
      const number = await mobile.inputValue();
      await mobile.fill('12345');
      await page.getByRole('button', { name: 'Save garage' }).click();
      await expect(page.getByText('Enter a Nigerian mobile number').first()).toBeVisible();

      const caps = page.getByRole('group', { name: 'Tow capacities' });
      const added = caps.getByRole('checkbox', { checked: false }).first();
      const label = (await added.locator('xpath=..').innerText()).trim();
      await page.getByLabel('Mobile number').fill(number);
      await added.check();
      await page.getByRole('button', { name: 'Save garage' }).click();
      await expect(page.getByText('Your garage is saved')).toBeVisible();

      const after = await asGuest(browser, publicPath!);
      await expect(
        after.guest
          .getByRole('region', { name: 'Tow capacities' })
          .getByText(label, { exact: true }),
      ).toBeVisible();
      await after.close();

      await page.goto('/user/garage');
      await page
        .getByRole('group', { name: 'Tow capacities' })
        .getByRole('checkbox', { name: label })
        .uncheck();
      await page.getByRole('button', { name: 'Save garage' }).click();
      await expect(page.getByText('Your garage is saved')).toBeVisible();
    });
  });

  test('the workshop on a phone; a buyer cannot open it', async ({ page }, info) => {
    await signIn(page, 'mechanic@demo.ng');
    await page.goto('/user/workshop');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My workshop' })).toBeVisible();
    if (isPhone(page)) {
      await page.screenshot({ path: info.outputPath('workshop-360.png') });
      await page.screenshot({ path: info.outputPath('workshop-360-full.png'), fullPage: true });
    }
    await page.context().clearCookies();
    await signIn(page, 'buyer@demo.ng');
    const r = await page.request.get('/user/workshop');
    expect(r.status()).toBe(403);
    const api = await page.request.patch('/api/provider/profile', {
      data: { companyName: 'Mine' },
    });
    expect(api.status()).toBe(403);
  });
});
