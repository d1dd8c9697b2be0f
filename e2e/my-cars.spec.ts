import fs from 'node:fs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

// A buyer who does not know their VIN saves their car from make, model, year and engine
// pickers: each choice lists the next, with JavaScript at once and without it by a button.

async function newBuyer(browser: Browser, page: Page, info: TestInfo, javaScriptEnabled: boolean) {
  const ctx = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: page.viewportSize(),
    javaScriptEnabled,
  });
  const email = `cars-${info.project.name}-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@e2e.ng`;
  const reg = await ctx.request.post('/api/auth/register', {
    data: {
      name: 'Amaka Eze',
      email,
      phone: uniquePhone(),
      password: 'Corolla-2010-saloon',
      role: 'Buyer',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  return ctx.newPage();
}

test('a buyer saves a car from the make, model, year and engine pickers', async ({
  browser,
  page,
}, info) => {
  const p = await newBuyer(browser, page, info, true);
  await p.goto('/user/cars');
  await hydrated(p);
  const add = p.getByTestId('add-car');
  await expect(add.getByLabel('Model', { exact: true })).toBeDisabled();
  await add.getByLabel('Make', { exact: true }).selectOption({ label: 'Toyota' });
  await expect(add.getByLabel('Model', { exact: true })).toBeEnabled();
  await add.getByLabel('Model', { exact: true }).selectOption({ label: 'Corolla' });
  await expect(add.getByLabel('Year')).toBeEnabled();
  await add.getByLabel('Year').selectOption('2010');
  await add.getByLabel('Engine (optional)').selectOption('1.8');
  await add.getByLabel('Name it (optional)').fill('Office car');
  if (!process.env.CI) {
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await add.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `/tmp/shots/my-cars-pickers-${info.project.name}.png` });
  }
  await expectAccessible(p);
  await add.getByRole('button', { name: 'Save this car' }).click();
  await expect(p.getByRole('status')).toHaveText(
    '2010 Toyota Corolla 1.8 L is saved to your garage.',
  );
  await expect(p.getByText('2010 Toyota Corolla 1.8 L').first()).toBeVisible();
  if (!process.env.CI)
    await p.screenshot({ path: `/tmp/shots/my-cars-saved-${info.project.name}.png` });
  await p.context().close();
});

test('without JavaScript the pickers reload the page with the next list', async ({
  browser,
  page,
}, info) => {
  const p = await newBuyer(browser, page, info, false);
  await p.goto('/user/cars');
  const add = p.getByTestId('add-car');
  await add.getByLabel('Make', { exact: true }).selectOption({ label: 'Honda' });
  await add.getByRole('button', { name: 'Show models' }).click();
  await expect(p).toHaveURL(/makeId=\d+/);
  await add.getByLabel('Model', { exact: true }).selectOption({ label: 'Accord' });
  await add.getByRole('button', { name: 'Show years' }).click();
  await expect(p).toHaveURL(/modelId=\d+/);
  await add.getByLabel('Year').selectOption('2008');
  await add.getByRole('button', { name: 'Save this car' }).click();
  await expect(p.getByText('2008 Honda Accord is saved to your garage.')).toBeVisible();
  await expect(p.getByText('2008 Honda Accord', { exact: true })).toBeVisible();
  await p.context().close();
});
