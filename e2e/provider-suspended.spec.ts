import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

// A new mechanic lands on the workshop form after registering; once staff suspend the workshop
// its dashboard says so, with the reason and how to have it lifted, instead of an empty form
// whose save is refused.

test('a new mechanic lands on the listing form; a suspended workshop says so on the dashboard', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const name = `Suspended Motors ${info.project.name} ${Date.now() % 1e6}`;
  await page.goto('/auth/register?with=email');
  await hydrated(page);
  await page.getByRole('radio', { name: /^Mechanic/ }).check();
  await page.getByRole('main').getByLabel('Workshop name').fill(name);
  await page.getByRole('main').getByLabel('Full name').fill('Tunde Bakare');
  await page
    .getByRole('main')
    .getByLabel('E-mail', { exact: true })
    .fill(`suspended-${info.project.name}-${Date.now()}@e2e.ng`);
  await page.getByRole('main').getByLabel('Phone number').fill(uniquePhone());
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('Clutch-plate-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/workshop$/);
  await expect(page.getByText('Your workshop is not listed yet')).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue(name);

  // Listed through its own form's API, then suspended by staff.
  const states = (await (await page.request.get('/api/database/states/NG')).json()).items as {
    label: string;
    value: number;
  }[];
  const lagos = states.find((s) => s.label === 'Lagos')!.value;
  const cities = (await (await page.request.get(`/api/database/cities/${lagos}`)).json()).items as {
    value: number;
  }[];
  const made = await page.request.post('/api/provider/profile', {
    data: {
      companyName: name,
      mobileNumber: '08031234567',
      stateId: lagos,
      cityId: cities[0].value,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const spId = (await made.json()).item.sp_id as number;
  const staff = await browser.newContext({ baseURL });
  expect(
    (
      await staff.request.post('/api/auth/login', {
        data: { email: 'admin@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  const s = await staff.request.post(`/api/admin/providers/${spId}/suspend`, {
    data: { suspended: true, note: 'Customers report no-shows', confirm: true },
  });
  expect(s.status(), await s.text()).toBe(200);
  await staff.close();

  await page.goto('/user/workshop');
  await hydrated(page);
  const box = page.getByTestId('listing-suspended');
  await expect(box.getByRole('heading', { name: `${name} is suspended` })).toBeVisible();
  await expect(box).toContainText('Reason given: Customers report no-shows');
  await expect(box.getByRole('link', { name: 'Contact support' })).toBeVisible();
  // No form to fill in and no 'not listed yet'.
  await expect(page.getByText('not listed yet')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /List my workshop|Save workshop/ })).toHaveCount(0);
  if (!process.env.CI) {
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: `/tmp/shots/workshop-suspended-${info.project.name}.png` });
  }
  await expectAccessible(page);
});
