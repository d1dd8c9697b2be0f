import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

const ACCORD = '1HGCM82633A004352';

async function decode(page: Page, vin: string) {
  await page.getByLabel('VIN (17 characters)').fill(vin);
  await page.getByRole('button', { name: 'Decode VIN' }).click();
}

test.describe('VIN decoder', () => {
  test('decodes 1HGCM82633A004352 as a 2003 Honda Accord and finds parts for it', async ({
    page,
  }) => {
    await page.goto('/vindecoder');
    await hydrated(page);
    await decode(page, ` ${ACCORD.toLowerCase()} `);
    await expect(page).toHaveURL(/\/vindecoder\?vin=/);
    await expect(page.getByRole('heading', { level: 2, name: '2003 Honda Accord' })).toBeVisible({
      timeout: 20_000,
    });
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Make\s+Honda/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Model\s+Accord/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Year\s+2003/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Engine\s+6 cylinders/ })).toBeVisible();
    await expect(page.getByText('Check digit is correct')).toBeVisible();
    const find = page.getByRole('link', { name: 'Find parts for this car' });
    await expect(find).toHaveAttribute(
      'href',
      '/spares-parts?carmake=474&carmodel=1861&caryear=2003',
    );
    await find.click();
    await expect(page).toHaveURL(/\/spares-parts\?carmake=474&carmodel=1861&caryear=2003$/);
  });

  test('refuses a malformed VIN with its reason, at once in the browser', async ({ page }) => {
    await page.goto('/vindecoder');
    await hydrated(page);
    await decode(page, '1HGCO82633A004352');
    await expect(page.getByRole('alert')).toHaveText(
      'VINs never contain I, O or Q: found O at position 5',
    );
    await expect(page.getByLabel('VIN (17 characters)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/vindecoder$/);
    await decode(page, '1HGCM82633A00435');
    await expect(page.getByRole('alert')).toHaveText('A VIN has 17 characters; this one has 16');
  });

  test('warns about a check-digit mismatch but still decodes (a Toyota for the Nigerian market)', async ({
    page,
  }) => {
    await page.goto('/vindecoder?vin=JTEBU5JR2A5012345');
    await expect(
      page.getByRole('heading', { level: 2, name: '2010 Toyota 4Runner' }),
    ).toBeVisible();
    await expect(page.getByText(/Check digit warning:/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Built in\s+Tahara, Japan/ })).toBeVisible();
  });

  test('says when only the maker is known', async ({ page }) => {
    await page.goto('/vindecoder?vin=WDB2030461A123456');
    await expect(page.getByText(/Only the maker is known/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find parts for this car' })).toHaveAttribute(
      'href',
      '/spares-parts?carmake=449&caryear=2001',
    );
  });

  test('works without JavaScript: decode, refusal with reason, find parts', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/vindecoder');
    await decode(page, '1HGCM82633AOO4352');
    await expect(page).toHaveURL(/vin=1HGCM82633AOO4352/);
    await expect(page.getByRole('alert')).toHaveText(
      'VINs never contain I, O or Q: found O at position 12 and O at position 13',
    );
    await decode(page, ACCORD);
    await expect(page.getByRole('heading', { level: 2, name: '2003 Honda Accord' })).toBeVisible();
    await page.getByRole('link', { name: 'Find parts for this car' }).click();
    await expect(page).toHaveURL(/\/spares-parts\?carmake=474&carmodel=1861&caryear=2003$/);
    await ctx.close();
  });

  test('sends a guest who saves to the garage to log in, and back to this VIN afterwards', async ({
    page,
  }) => {
    await page.goto(`/vindecoder?vin=${ACCORD}`);
    await hydrated(page);
    await expect(page.getByText(/asked to log in first/)).toBeVisible();
    await page.getByRole('button', { name: 'Save to my garage' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirectTo')).toBe(`/vindecoder?vin=${ACCORD}`);
  });

  test('a signed-in buyer saves the car, sees it in My cars, and starts the parts filter from it', async ({
    page,
  }, info) => {
    const email = `garage-${info.project.name}-${Date.now()}@example.ng`;
    const password = 'Str0ng-pass-for-e2e';
    const reg = await page.request.post('/api/auth/register', {
      data: { name: 'Bisi Garage', email, phone: uniquePhone(), password, role: 'Buyer' },
    });
    expect(reg.status()).toBeLessThan(300);
    await page.goto(`/vindecoder?vin=${ACCORD}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Save to my garage' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved to your garage.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'See my cars' }).click();
    await expect(page).toHaveURL(/\/user\/cars$/);
    await expect(page.getByText('2003 Honda Accord').first()).toBeVisible();
    await page.goto('/spares-parts');
    const mine = page.getByRole('region', { name: 'Start from one of your cars' });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('link').first()).toHaveAttribute(
      'href',
      /carmake=474&carmodel=1861&caryear=2003/,
    );
  });

  test('my cars needs a sign-in', async ({ page }) => {
    await page.goto('/user/cars');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser%2Fcars(&|$)/);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    test.slow();
    await page.goto('/vindecoder');
    await hydrated(page);
    await expectAccessible(page);
    await page.goto(`/vindecoder?vin=${ACCORD}`);
    await hydrated(page);
    await expectAccessible(page);
    await page.goto('/vindecoder?vin=1HGCO82633A004352');
    await expectAccessible(page);
  });
});
