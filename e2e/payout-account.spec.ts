import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

// A new seller's payout account: the bank names it, the password saves it, and a change holds
// payouts for a day (the local Paystack server resolves account names like Paystack does).
const SHOTS = '/tmp/shots';
const PASSWORD = 'Brake-pads-for-Camry-09';

test('a payout account change asks for the password and holds payouts', async ({
  browser,
  baseURL,
  page,
}, info) => {
  const ctx = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const stamp = `${info.project.name}-${Date.now()}`;
  const r = await ctx.request.post('/api/auth/register', {
    data: {
      name: 'Ngozi Eze',
      email: `payout-${stamp}@e2e.ng`,
      phone: uniquePhone(),
      password: PASSWORD,
      role: 'Seller',
      businessName: `Eze Motors ${stamp}`,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  const states = (await (await ctx.request.get('/api/database/states/NG')).json()).items;
  const stateId = states[0].value;
  const cities = (await (await ctx.request.get(`/api/database/cities/${stateId}`)).json()).items;
  const opened = await ctx.request.patch('/api/store/profile', {
    data: {
      name: `Eze Motors ${stamp}`,
      stateId,
      cityId: cities[0].value,
      phones: ['08035550142'],
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  const seller = await ctx.newPage();
  const problems: string[] = [];
  seller.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await seller.goto('/user/store/orders');
  await hydrated(seller);

  const add = async (bank: string, number: string) => {
    await seller.getByLabel('Bank', { exact: true }).selectOption({ label: bank });
    await seller.getByLabel('Account number (10 digits)').fill(number);
    await seller.getByRole('button', { name: 'Check the account' }).click();
    await expect(seller.getByTestId('resolved-name')).toBeVisible();
    return (await seller.getByTestId('resolved-name').textContent())!.trim();
  };

  // The first account: named by the bank, saved with the password.
  await seller.getByText('Add your bank account to withdraw').click();
  const first = await add('Guaranty Trust Bank', '0123456789');
  await seller.getByLabel('Your password, to confirm').fill(PASSWORD);
  await seller.getByRole('button', { name: 'Save bank account' }).click();
  await expect(seller.getByText(`Payouts go to ${first}, ******6789: change`)).toBeVisible();
  await expect(seller.getByTestId('payouts-held')).toHaveCount(0);

  // A change: the bank's name is shown, the password is asked for, a wrong one refused.
  await seller.getByText(`Payouts go to ${first}, ******6789: change`).click();
  const second = await add('Access Bank', '2234567890');
  await expect(
    seller.getByText('After a change, payouts wait 24 hours, and we e-mail you about it.'),
  ).toBeVisible();
  await expectAccessible(seller);
  if (!process.env.CI) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await seller.screenshot({ path: `${SHOTS}/payout-account-${info.project.name}.png` });
  }
  await seller.getByLabel('Your password, to confirm').fill('not-my-password');
  await seller.getByRole('button', { name: 'Save bank account' }).click();
  await expect(seller.getByRole('alert')).toContainText('That is not your password');
  await expect(seller.getByTestId('resolved-name')).toHaveText(second);
  await seller.getByLabel('Your password, to confirm').fill(PASSWORD);
  await seller.getByRole('button', { name: 'Save bank account' }).click();
  await expect(seller.getByText(`Payouts go to ${second}, ******7890: change`)).toBeVisible();
  await expect(seller.getByTestId('payouts-held')).toContainText('payouts resume on');
  await expect(seller.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  // The owner is told in the bell.
  const bell = await (await ctx.request.get('/api/notifications')).json();
  expect(bell.items[0].title).toContain('******7890');
  expect(problems).toEqual([]);
  await ctx.close();
});
