import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated } from './helpers.ts';

/** The home SEARCH box: one text for parts, mechanics and tow vans, read as buyers mean it. */
test.describe('home search', () => {
  test("'tow van lekki' lists tow vans in Lekki, and nothing else", async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Search parts, mechanics and tow vans' });
    await box.fill('tow van lekki');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=tow(%20|\+)van(%20|\+)lekki$/);
    const tow = page.getByTestId('group-towvan');
    await expect(tow.getByRole('heading', { name: /Tow vans\s+in Lekki/ })).toBeVisible();
    await expect(tow.getByRole('heading', { name: 'Lekki Rescue Towing' })).toBeVisible();
    await expect(page.getByTestId('group-part')).toHaveCount(0);
    await expect(page.getByTestId('group-mechanic')).toHaveCount(0);
    await expectAccessible(page);

    // The group's link opens the whole list with the same place.
    await tow.getByRole('link', { name: /tow vans list|See all tow vans/ }).click();
    await expect(page).toHaveURL(/\/towvans\?regionId=\d+&city=\d+/);
    await expect(page.getByRole('heading', { name: 'Lekki Rescue Towing' })).toBeVisible();
  });

  test("'mechanic wuse ac' lists the AC mechanics in Wuse", async ({ page }) => {
    await page.goto('/search?q=mechanic+wuse+ac');
    const g = page.getByTestId('group-mechanic');
    await expect(g.getByRole('heading', { name: /Mechanics\s+in Wuse/ })).toBeVisible();
    await expect(g.getByRole('heading', { name: 'Wuse Benz Clinic' })).toBeVisible();
    await expect(g.getByText('AC Repair')).toBeVisible();
  });

  test('a part and a state: parts in the state first, then mechanics for that job', async ({
    page,
  }) => {
    await page.goto('/search?q=brake+pads+lagos');
    const groups = page.locator('[data-testid^="group-"]');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toHaveAttribute('data-testid', 'group-part');
    await expect(
      groups.nth(0).getByRole('heading', { name: /Spare parts\s+in Lagos/ }),
    ).toBeVisible();
    await expect(groups.nth(0).getByTestId('product-list').locator('li').first()).toContainText(
      /Brake Pads/i,
    );
    await expect(groups.nth(1)).toHaveAttribute('data-testid', 'group-mechanic');
  });

  test("model names however typed: 'landcruiser prado' finds what 'land cruiser prado' finds", async ({
    page,
  }) => {
    const firstParts = async (q: string) => {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      const items = page.getByTestId('group-part').getByTestId('product-list').locator('li');
      await expect(items.first()).toBeVisible();
      return (await items.allInnerTexts()).slice(0, 5);
    };
    const spaced = await firstParts('land cruiser prado head lamp');
    expect(spaced.length).toBeGreaterThan(0);
    expect(await firstParts('landcruiser prado headlamp')).toEqual(spaced);
    expect(await firstParts('Landcruiser-Prado headlights')).toEqual(spaced);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the search box is a plain form that lands on the results', async ({ page }) => {
      await page.goto('/');
      const box = page.getByRole('searchbox', { name: 'Search parts, mechanics and tow vans' });
      await box.fill('tow van lekki');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=tow\+van\+lekki$/);
      await expect(page.getByRole('heading', { name: 'Lekki Rescue Towing' })).toBeVisible();
    });
  });

  test('a text too short says what to do', async ({ page }) => {
    await page.goto('/search?q=ab');
    await expect(page.getByText('Search text should be more than 3 characters')).toBeVisible();
  });
});
