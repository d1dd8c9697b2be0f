import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, isPhone } from './helpers.ts';

// Staff at work (issue 14): an admin edits a help page (the public page shows it at once) and
// refunds part of a paid order (the order's ledger shows the posting). Phone and desktop run at
// the same time on the same demo data, so each edits its own page and refunds its own amount.
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots';
async function shot(page: Page, info: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/admin-content-${name}-${info.project.name}.png`,
    fullPage: true,
  });
}

async function signInAdmin(page: Page) {
  const r = await page.request.post('/api/auth/login', {
    data: { email: 'admin@demo.ng', password: 'demo1234' },
  });
  expect(r.status()).toBe(200);
}

test('edit a help page: the public page shows the new section at once', async ({ page }, info) => {
  const slug = isPhone(page) ? 'advertise-with-us' : 'work-with-us';
  const heading = `Staff note ${info.project.name} ${Date.now()}`;
  await signInAdmin(page);
  await page.goto('/admin/pages');
  await hydrated(page);
  await page
    .getByRole('link', { name: `/static/${slug}` })
    .or(page.locator(`a[href="/admin/pages/${slug}"]`))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/pages/${slug}$`));
  await hydrated(page);
  await expectAccessible(page);
  await page.getByLabel('New section heading').fill(heading);
  await page.getByLabel('New section text').fill('Lagos office open **Monday to Saturday**.');
  await page.getByLabel('Note for the audit log (optional)').fill('e2e');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  await expect(page.getByText('page.update')).toBeVisible();
  await shot(page, info, 'page-edit');
  await page.goto(`/static/${slug}`);
  await expect(page.getByText(heading)).toBeVisible();
  await expect(page.getByText('Monday to Saturday', { exact: true })).toBeVisible();
});

test('refund part of a paid order: the ledger shows it', async ({ page }, info) => {
  await signInAdmin(page);
  // A Paystack order whose escrow still holds money.
  let orderId = 0;
  for (const status of ['paid', 'processing', 'shipped', 'delivered']) {
    const list = await (await page.request.get(`/api/admin/orders?status=${status}`)).json();
    for (const o of list.items ?? []) {
      if (o.paymentMethod !== 'paystack') continue;
      const one = await (await page.request.get(`/api/admin/orders/${o.id}`)).json();
      if (one.escrowKobo > 10_000) {
        orderId = o.id;
        break;
      }
    }
    if (orderId) break;
  }
  expect(orderId, 'a demo order with money in escrow').toBeGreaterThan(0);
  const naira = isPhone(page) ? '11' : '12';
  await page.goto('/admin/orders');
  await hydrated(page);
  await page.getByLabel('Order number, e-mail or payment reference').fill(String(orderId));
  await page.getByRole('button', { name: 'Find' }).click();
  await page.locator(`a[href="/admin/orders/${orderId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await hydrated(page);
  await expectAccessible(page);
  await page.getByLabel(/Amount in naira/).fill(naira);
  await page.getByLabel('Your password, to confirm').fill('demo1234');
  await page.getByLabel('Send this refund now: it cannot be taken back.').check();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`₦${naira}.00 refunded to the buyer`);
  const ledger = page.getByTestId('ledger');
  await expect(ledger.getByText(`₦${naira}.00 refunded by staff`).first()).toBeVisible();
  await expect(page.getByText('order.refund').first()).toBeVisible();
  await shot(page, info, 'refund');
  // A wrong password is refused with a clear message and moves no money.
  const escrowBefore = await page.getByTestId('escrow').textContent();
  await page.getByLabel(/Amount in naira/).fill('1');
  await page.getByLabel('Your password, to confirm').fill('not-my-password');
  await page.getByLabel('Send this refund now: it cannot be taken back.').check();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not your password');
  await expect(page.getByTestId('escrow')).toHaveText(escrowBefore!);
});
