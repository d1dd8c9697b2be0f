import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, openAccountMenu, shot, uniquePhone } from './helpers.ts';

// Phone-first accounts (decision 0029): sign up and log in with a Nigerian mobile number and a
// code by SMS, reading each code where the demo shows it, the local SMS gateway's page.
test.describe.configure({ timeout: 120_000 });

/** 0809 123 4567 → the digits the gateway keeps (2348091234567). */
const gatewayDigits = (local: string) => `234${local.replace(/\D/g, '').slice(1)}`;

/** The newest code on the local SMS page for the number, as someone holding the phone reads it. */
async function codeFromSmsPage(
  browser: Browser,
  baseURL: string,
  local: string,
  info: TestInfo,
  /** A code read before for the number: wait for a newer one. */
  previous = '',
) {
  const ctx = await browser.newContext({ baseURL });
  const inbox = await ctx.newPage();
  let code = '';
  await expect
    .poll(
      async () => {
        await inbox.goto(`/sms-test?to=${gatewayDigits(local)}`);
        code =
          /SpareFinder NG code: (\d{6})/.exec(await inbox.locator('main').innerText())?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toMatch(previous ? new RegExp(`^(?!${previous}$)\\d{6}$`) : /^\d{6}$/);
  await shot(inbox, 'sms-page');
  await ctx.close();
  return code;
}

test('sign up with a phone number and a code read from the SMS page, as a Seller; then log in again by code', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const phone = uniquePhone();
  const name = info.project.name === 'phone' ? 'Bola Adewale' : 'Ifeanyi Nwosu';
  await page.goto('/auth/register');
  await hydrated(page);
  await expectAccessible(page);
  // Phone first; e-mail is one link away.
  await expect(page.getByRole('link', { name: 'Use e-mail instead' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Password')).toHaveCount(0);
  await shot(page, 'register');
  await page.getByRole('radio', { name: /^Seller/ }).check();
  await page.getByRole('main').getByLabel('Store name').fill('Bola Spare Parts');
  await page.getByRole('main').getByLabel('Full name').fill(name);
  // Another country's number is refused in words before any code goes.
  await page.getByRole('main').getByLabel('Phone number').fill('+44 7911 123456');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/Enter a Nigerian mobile number/).first()).toBeVisible();
  await page.getByRole('main').getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/We sent a 6-digit code by SMS to 0809/)).toBeVisible();
  const codeBox = page.getByRole('main').getByLabel(/6-digit code sent to/);
  await expect(codeBox).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeBox).toHaveAttribute('inputmode', 'numeric');
  await expect(
    page.getByRole('link', { name: 'Read your code on the test SMS page' }),
  ).toHaveAttribute('href', `/sms-test?to=${gatewayDigits(phone)}`);
  await expectAccessible(page);
  await shot(page, 'code');

  const code = await codeFromSmsPage(browser, baseURL!, phone, info);
  // A wrong code first: refused, tries counted down, the step stays.
  await codeBox.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(/That code is not right\. You can try 4 more times/).first(),
  ).toBeVisible();
  await page
    .getByRole('main')
    .getByLabel(/6-digit code sent to/)
    .fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new business lands on its setup page.
  await expect(page).toHaveURL(/\/user\/store$/);
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('link', { name: 'My Store Dashboard', exact: true })).toBeVisible();

  // SMS copies of notices are off until the owner turns them on (a plain form).
  await page.goto('/user/notifications');
  await expect(page.getByText('SMS copies are off.')).toBeVisible();
  await page.getByRole('button', { name: 'Send them by SMS too' }).click();
  await expect(page.getByText(/A copy of each \(orders, offers\) comes by SMS/)).toBeVisible();
  await expectAccessible(page);

  // The profile knows the account has no e-mail and no password yet.
  await page.goto('/user/profile');
  await expect(page.getByRole('main').getByLabel('E-mail (optional)')).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Current password')).toHaveCount(0);

  // Signed out, the same number logs in with a new code.
  await page.context().clearCookies({ name: 'sf_sid' });
  await page.goto('/auth/login');
  await hydrated(page);
  await expectAccessible(page);
  await shot(page, 'login');
  await page.getByRole('main').getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const again = await codeFromSmsPage(browser, baseURL!, phone, info, code);
  await page
    .getByRole('main')
    .getByLabel(/6-digit code sent to/)
    .fill(again);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const me = await (await page.request.get('/api/auth/dszauth')).json();
  expect(me.user).toMatchObject({ name, isauthenticated: true, role: 'Seller' });
});

test('without JavaScript: log in with a new number asks the name after the code and creates the account', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const ctx = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    javaScriptEnabled: false,
  });
  const p = await ctx.newPage();
  const phone = uniquePhone();
  await p.goto('/auth/login?redirectTo=%2Fuser%2Fprofile');
  // The e-mail form is on the same page, reached by a link that needs no script.
  await expect(p.getByRole('link', { name: 'Use e-mail instead' })).toHaveAttribute(
    'href',
    '#email-login',
  );
  await p.getByRole('main').getByLabel('Phone number', { exact: true }).fill(phone);
  await p.getByRole('button', { name: 'Send me a code' }).click();
  await expect(p.getByText(/We sent a 6-digit code by SMS/)).toBeVisible();
  const code = await codeFromSmsPage(browser, baseURL!, phone, info);
  await p
    .getByRole('main')
    .getByLabel(/6-digit code sent to/)
    .fill(code);
  await p.getByRole('button', { name: 'Log in', exact: true }).click();
  // A number without an account: the same code, with a name, creates it.
  await expect(
    p.getByText('That code is right. New here? Enter your name to create your account.'),
  ).toBeVisible();
  await shot(p, 'name-nojs');
  // The right code stays in its field.
  await expect(p.getByRole('main').getByLabel(/6-digit code sent to/)).toHaveValue(code);
  // A name too short is refused beside the field; the code stays.
  await p.getByRole('main').getByLabel('Your full name').fill('N');
  await p.getByRole('button', { name: 'Create my account' }).click();
  await expect(p.getByText('Enter your name', { exact: true }).first()).toBeVisible();
  await expect(p.getByRole('main').getByLabel(/6-digit code sent to/)).toHaveValue(code);
  await p.getByRole('main').getByLabel('Your full name').fill('Ngozi Umeh');
  await p.getByRole('button', { name: 'Create my account' }).click();
  await expect(p).toHaveURL(/\/user\/profile$/);
  await expect(p.getByRole('main').getByLabel('Full name')).toHaveValue('Ngozi Umeh');
  await expect(p.getByRole('main').getByLabel('Phone number')).toHaveValue(
    `+234${phone.replace(/\D/g, '').slice(1)}`,
  );
  await ctx.close();
});
