import { expect, test, type TestInfo } from '@playwright/test';
import { hydrated, uniquePhone } from './helpers.ts';

// Everyone registered is real and visible: a tow operator who registers and fills in the
// garage form once is on the public list, on its own page and in the home search at once.

const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;

test('a new tow operator lists their garage and customers find it', async ({
  page,
  browser,
}, info) => {
  const name = `Kano Rescue ${info.project.name} ${Date.now() % 1e6}`;
  const reg = await page.request.post('/api/auth/register', {
    data: {
      name: 'Sani Abubakar',
      email: uniqueEmail(info, 'tow'),
      phone: uniquePhone(),
      password: 'Tanker-road-2026',
      role: 'Tow Van',
      businessName: name,
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await page.goto('/user/garage');
  await hydrated(page);
  await expect(page.getByText('Your garage is not listed yet')).toBeVisible();
  // Registration already said the name and the number.
  await expect(page.getByLabel('Business name')).toHaveValue(name);
  await page.getByRole('button', { name: 'List my garage' }).click();
  await expect(page.getByText('Choose your state').first()).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Kano' });
  const city = page.getByLabel('City', { exact: true });
  await expect(city.locator('option')).not.toHaveCount(1);
  // Each project its own city, so one run's search answers never stand in for the other's.
  await city.selectOption({ index: info.project.name === 'phone' ? 1 : 2 });
  const cityName = (await city.locator('option:checked').innerText()).trim();
  await page.getByLabel('Address', { exact: true }).fill('Zaria Road, by the flyover');
  await page.getByRole('button', { name: 'List my garage' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your garage is listed' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'your public page' })).toBeVisible();

  // A guest finds it on the list of Kano tow vans and in the home search.
  const guest = await browser.newContext({ baseURL: info.project.use.baseURL });
  const g = await guest.newPage();
  const kano = (
    (await (await g.request.get('/api/database/states/NG')).json()).items as {
      label: string;
      value: number;
    }[]
  ).find((s) => s.label === 'Kano')!.value;
  await g.goto(`/towvans?regionId=${kano}`);
  await expect(g.getByRole('link', { name }).first()).toBeVisible();
  await g.goto(`/search?q=${encodeURIComponent(`tow van ${cityName}`)}`);
  await expect(g.getByRole('link', { name }).first()).toBeVisible();
  await g.getByRole('link', { name }).first().click();
  await expect(g.getByRole('heading', { level: 1, name })).toBeVisible();
  await guest.close();
});
