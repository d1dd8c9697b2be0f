import { expect, test } from '@playwright/test';
import { hydrated, shot, signedInContext } from './helpers.ts';

// Live chat with two browsers at once: a guest writes to support from the floating Chat button
// and sees the admin's answer arrive without reloading; a buyer writes to the seller from a
// product page and sees the seller's answer arrive the same way.
test.describe.configure({ timeout: 120_000 });

test('a guest writes to support from the Chat button; the admin answers; the guest sees it live', async ({
  browser,
  page,
}, info) => {
  const question = `Do you deliver to Ibadan? (${info.project.name} ${Date.now()})`;
  await page.goto('/');
  await hydrated(page);
  // Hidden until opened.
  await expect(page.getByTestId('chat-panel')).toHaveCount(0);
  await page.getByTestId('chat-button').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-title')).toHaveText('SpareFinder support');
  await panel.getByLabel('Your message').fill(question);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
  await shot(page, 'guest-asks');

  const adminCtx = await signedInContext(browser, 'admin@demo.ng', {
    viewport: page.viewportSize(),
  });
  const admin = await adminCtx.newPage();
  await admin.goto('/admin/support');
  await admin
    .getByTestId('support-threads')
    .locator('li', { hasText: question })
    .getByRole('link')
    .click();
  await expect(admin.getByText(question)).toBeVisible();
  const answer = `Yes, to all of Oyo State (${Date.now()})`;
  await admin.getByLabel('Your answer').fill(answer);
  await admin.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();

  // The guest's open panel gets it over the live socket, no reload.
  await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible({
    timeout: 15_000,
  });
  await shot(page, 'guest-answered');
  await adminCtx.close();
});

test('a buyer chats with the seller from a product page; the answer arrives live', async ({
  browser,
  page,
}, info) => {
  const sellerCtx = await signedInContext(browser, 'seller@demo.ng', {
    viewport: page.viewportSize(),
  });
  const mine = await (await sellerCtx.request.get('/api/store/products?status=active')).json();
  const part = (mine.items as { id: number; name: string }[])[0];
  expect(part).toBeTruthy();

  const buyerCtx = await signedInContext(browser, 'buyer@demo.ng', {
    viewport: page.viewportSize(),
  });
  const buyer = await buyerCtx.newPage();
  await buyer.goto(`/product/${part.id}`);
  await hydrated(buyer);
  await buyer.getByTestId('chat-with').click();
  const panel = buyer.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-title')).toHaveText('Adebayo Ogunleye');
  const question = `Is this part original? (${info.project.name} ${Date.now()})`;
  await panel.getByLabel('Your message').fill(question);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();

  // The seller reads it on the plain chat pages and answers with the form.
  const seller = await sellerCtx.newPage();
  await seller.goto('/chat');
  await hydrated(seller);
  await seller.getByRole('link', { name: 'Chinedu Okafor' }).first().click();
  // The list on /chat shows the last message too: wait for the conversation's own page.
  await seller.waitForURL(/\/chat\/\d+$/);
  await expect(seller.getByRole('heading', { name: 'Chinedu Okafor' })).toBeVisible();
  await expect(seller.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  const answer = `Yes, Toyota genuine, with receipt (${Date.now()})`;
  await seller.getByLabel('Your message').fill(answer);
  await seller.getByRole('button', { name: 'Send' }).click();
  await expect(seller.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible({
    timeout: 15_000,
  });

  await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible({
    timeout: 20_000,
  });
  // The seller's page marked it read: the buyer's own last message shows "Seen" once they write again.
  await shot(buyer, 'buyer-answered');
  await buyerCtx.close();
  await sellerCtx.close();
});
