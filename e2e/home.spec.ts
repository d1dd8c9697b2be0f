import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

// The home page looks like a market: category tiles with pictures, the newest parts, and a way
// in for sellers, mechanics and tow operators that opens registration with their role chosen.

test('category tiles are pictures, the newest parts show, businesses find their way in', async ({
  page,
  request,
}) => {
  await page.goto('/');
  // Every tile is a symbol of one sheet: one request for all of them, each drawn once it came.
  const tiles = page.locator('main svg use[href^="/images/category-tiles.svg#"]');
  expect(await tiles.count()).toBeGreaterThan(30);
  await expect
    .poll(() => tiles.first().evaluate((use: SVGUseElement) => use.getBBox().width))
    .toBeGreaterThan(0);
  const brakes = await request.get('/images/categories/brakes.svg');
  expect(await brakes.text()).not.toContain('<text');

  const recent = page.getByRole('region', { name: 'Just added' });
  await expect(recent.locator('a[href^="/product/"]').first()).toBeVisible();
  await expect(recent.getByRole('link', { name: 'See all parts' })).toHaveAttribute(
    'href',
    '/spares-parts',
  );

  const join = page.getByRole('region', { name: 'Do business on SpareFinder' });
  await expect(join.getByRole('heading', { name: 'Sell your parts' })).toBeVisible();
  await expectAccessible(page);
  await join.getByRole('link', { name: 'List my workshop' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?role=Mechanic$/);
  await expect(page.getByRole('radio', { name: /Mechanic/ })).toBeChecked();
  await expect(page.getByLabel('Workshop name')).toBeVisible();
});
