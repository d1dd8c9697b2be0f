import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated, isPhone, shot, signIn } from './helpers.ts';

// Staff at work (decision 0019): an admin edits a help page (the public page shows it at once) and
// refunds part of a paid order (the order's ledger shows the posting). Phone and desktop run at
// the same time on the same demo data, so each edits its own page and refunds its own amount.
test.describe.configure({ timeout: 120_000 });

test('edit a help page: the public page shows the new section at once', async ({ page }, info) => {
  const slug = isPhone(page) ? 'advertise-with-us' : 'work-with-us';
  const heading = `Staff note ${info.project.name} ${Date.now()}`;
  await signIn(page, 'admin@demo.ng');
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
  await shot(page, 'page-edit', { full: true });
  await page.goto(`/static/${slug}`);
  await expect(page.getByText(heading)).toBeVisible();
  await expect(page.getByText('Monday to Saturday', { exact: true })).toBeVisible();
});

test('refund part of a paid order: the ledger shows it', async ({ page }) => {
  await signIn(page, 'admin@demo.ng');
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
  await shot(page, 'refund', { full: true });
  // A wrong password is refused with a clear message and moves no money.
  const escrowBefore = await page.getByTestId('escrow').textContent();
  await page.getByLabel(/Amount in naira/).fill('1');
  await page.getByLabel('Your password, to confirm').fill('not-my-password');
  await page.getByLabel('Send this refund now: it cannot be taken back.').check();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not your password');
  await expect(page.getByTestId('escrow')).toHaveText(escrowBefore!);
});

test('write a blog post: preview, save as a draft (not public), publish: the blog shows it', async ({
  page,
}, info) => {
  const title = `Harmattan tyre checks ${info.project.name} ${Date.now()}`;
  await signIn(page, 'admin@demo.ng');
  await page.goto('/admin/blog');
  await hydrated(page);
  await page.getByRole('link', { name: 'Write a post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  // Not a category other specs page through.
  await page.getByLabel('Category').selectOption({ label: 'Marketplace News' });
  await page.getByLabel('Summary (shown in lists and when shared)').fill('Dust and cold mornings.');
  await page
    .getByLabel('Text', { exact: true })
    .fill(
      'Check the pressure **every Monday**.\n\n## Before a long trip\n\n- Spare wheel\n- Jack\n\n<script>window.hacked=1</script>',
    );
  // The preview is rendered by the server from what was typed; nothing is saved yet.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview (not saved)' });
  await expect(preview.getByText('every Monday', { exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Before a long trip' })).toBeVisible();
  await expect(preview.getByText('<script>window.hacked=1</script>')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await shot(page, 'blog-preview', { full: true });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+\?saved=1$/);
  await expect(page.getByRole('status')).toContainText('Draft saved');
  await expect(page.getByText('Draft: not public')).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  const id = Number(/\/admin\/blog\/(\d+)/.exec(page.url())![1]);
  expect((await page.request.get(`/api/blogs/blog/${id}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status')).toContainText('Published: it shows on the blog now');
  await expect(page.getByText('post.publish')).toBeVisible();
  await shot(page, 'blog-published', { full: true });
  await page.goto('/blogs');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('every Monday', { exact: true })).toBeVisible();
  // Typed tags are text on the public post too: shown, never run.
  await expect(page.getByText('<script>window.hacked=1</script>')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
  ).toBeUndefined();
});

test('newsletter export and a contact message marked answered', async ({ page }, info) => {
  const who = `Visitor ${info.project.name} ${Date.now()}`;
  // A visitor writes through the public API (the contact page is covered by content.spec.ts),
  // from an address of its own: content.spec.ts's messages fill 127.0.0.1's hourly limit.
  const sent = await page.request.post('/api/contact', {
    headers: {
      'x-forwarded-for': `10.9.${info.project.name === 'phone' ? 1 : 2}.${Date.now() % 250}`,
    },
    data: {
      name: who,
      email: 'visitor@example.ng',
      subject: `Where is my order ${info.project.name}`,
      message: 'I paid last week and have heard nothing since. Please check.',
    },
  });
  expect(sent.status()).toBe(201);
  await signIn(page, 'admin@demo.ng');
  await page.goto('/admin/contact?answered=no');
  await hydrated(page);
  await expect(page.getByRole('link', { name: /Contact messages to answer/ })).toBeVisible();
  await page
    .getByRole('link', { name: `Where is my order ${info.project.name}` })
    .first()
    .click();
  await expect(page.getByText('I paid last week and have heard nothing since.')).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  await page.getByLabel('Note for the audit log (optional)').fill('replied by e-mail');
  await page.getByRole('button', { name: 'Mark answered' }).click();
  await expect(page.getByRole('status')).toContainText('Marked answered');
  await expect(page.getByText('contact.answer')).toBeVisible();
  await shot(page, 'contact-answered', { full: true });

  await page.goto('/admin/newsletter');
  await hydrated(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sparefinder-newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('email,source,subscribed_at');
  await shot(page, 'newsletter', { full: true });
});

test('moderate a blog comment: hidden, it leaves the post; shown again; deleted after "I am sure"', async ({
  page,
}, info) => {
  const text = `Call 0803 for cheap pads ${info.project.name} ${Date.now()}`;
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'buyer@demo.ng', password: 'demo1234' },
  });
  expect(login.status()).toBe(200);
  const slug = 'how-to-spot-fake-brake-pads';
  const wrote = await page.request.post(`/api/blogs/comments/${slug}`, { data: { body: text } });
  expect(wrote.status()).toBe(201);
  await signIn(page, 'admin@demo.ng');
  await page.goto('/admin/blog/comments');
  await hydrated(page);
  const card = page.getByRole('listitem').filter({ hasText: text });
  await card.getByLabel('Why hide it').fill('phone number advert');
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByRole('status')).toContainText('Comment hidden');
  await page.goto(`/blogs/blog/${slug}`);
  await expect(page.getByText('Also check the backing plate', { exact: false })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  await page.goto('/admin/blog/comments?state=hidden');
  await hydrated(page);
  await page
    .getByRole('listitem')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Show again' })
    .click();
  await expect(page.getByRole('status')).toContainText('Comment approved');
  await page.goto(`/blogs/blog/${slug}`);
  await expect(page.getByText(text)).toBeVisible();

  await page.goto('/admin/blog/comments?state=approved');
  await hydrated(page);
  const again = page.getByRole('listitem').filter({ hasText: text });
  await again.getByText('Delete for good…').click();
  await again.getByLabel('Why delete it').fill('spam');
  // The browser refuses the form until "I am sure" is ticked.
  await again.getByRole('button', { name: 'Delete comment' }).click();
  await expect(page.getByText(text)).toBeVisible();
  await again.getByRole('checkbox').check();
  await again.getByRole('button', { name: 'Delete comment' }).click();
  await expect(page.getByRole('status')).toContainText('Comment deleted');
  await expect(page.getByText(text)).toHaveCount(0);
  await shot(page, 'comments', { full: true });
  await page.goto(`/blogs/blog/${slug}`);
  await expect(page.getByText(text)).toHaveCount(0);
});
