import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { hydrated, PHONE, signedInContext, uniquePhone } from './helpers.ts';

// Trust at phone size: a store's track record and rating on its page and on the product page's
// store card; a mechanic reviewed after an accepted job, shown on the mechanic's page.
test.describe.configure({ timeout: 180_000 });
// Phone size only: the trust flows are checked where most buyers are; desktop shares the pages.
test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 768, 'phone size only');

const PASSWORD = 'Track-record-2026';

async function newBuyer(page: Page) {
  const email = `record-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Chidi Okafor', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** A demo-store part with stock, from the middle of the store's list (other specs take the ends). */
async function demoPart(page: Page) {
  const list = await (
    await page.request.get('/api/stores/ladipo-genuine-parts/products?pagesize=50')
  ).json();
  const items = list.items as { prod_id: number }[];
  for (const p of [...items.slice(20), ...items.slice(0, 20)]) {
    const d = (await (await page.request.get(`/api/products/${p.prod_id}`)).json()).item;
    if (d.stock >= 3) return { id: d.id as number, name: d.name as string };
  }
  throw new Error('no demo part in stock');
}

test('the store page and the store card show the track record, the reply time in chat and the rating', async ({
  page,
  browser,
}) => {
  await newBuyer(page);
  const part = await demoPart(page);
  const seller = await signedInContext(browser, 'seller@demo.ng', { viewport: PHONE });

  // A question in chat, answered by the store's owner.
  const thread = await page.request.post('/api/chat/threads', {
    data: { subject: 'product', subjectId: part.id },
  });
  expect(thread.ok()).toBe(true);
  const threadId = (await thread.json()).item.id;
  expect(
    (
      await page.request.post(`/api/chat/threads/${threadId}/messages`, {
        data: { body: 'Is it original?' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await seller.request.post(`/api/chat/threads/${threadId}/messages`, {
        data: { body: 'Yes, original. Come and see it.' },
      })
    ).status(),
  ).toBe(201);

  // A delivered order, reviewed by its buyer.
  expect(
    (await page.request.post('/api/cart/items', { data: { productId: part.id } })).status(),
  ).toBe(200);
  const placed = await page.request.post('/api/checkout', {
    data: { fulfilment: 'pickup', phone: '08031234567', paymentMethod: 'paystack' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const body = await placed.json();
  const orderId = body.orders[0].id as number;
  const paid = await page.request.post(body.payment.authorizationUrl, {
    form: { action: 'pay', channel: 'card' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  for (const step of ['accept', 'ship', 'deliver'])
    expect(
      (await seller.request.post(`/api/store/orders/${orderId}/${step}`, { data: {} })).status(),
    ).toBe(200);
  // Reviews open once the buyer has the part: 'I received it' completes the order.
  expect((await page.request.post(`/api/orders/${orderId}/received`)).status()).toBe(200);
  const review = await page.request.post('/api/reviews', {
    data: {
      orderId,
      productId: part.id,
      storeRating: 4,
      productRating: 5,
      body: 'Answered fast, part as described.',
    },
  });
  expect(review.status()).toBe(201);

  await page.goto('/store/ladipo-genuine-parts');
  await hydrated(page);
  const record = page.getByTestId('track-record');
  // Completed out of the orders that ended, never out of those still on their way.
  await expect(record).toContainText(/Orders completed\s*\d+ of \d+/);
  await expect(record).toContainText('Ships in');
  await expect(record).toContainText('Orders disputed');
  await expect(record).toContainText('Replies in chat');
  await expect(record).toContainText('Member since');
  await expect(page.getByTestId('store-rating')).toBeVisible();
  await expect(
    page.getByTestId('review').filter({ hasText: 'Answered fast, part as described.' }),
  ).toContainText('Verified purchase');
  await page.screenshot({ path: '/tmp/shots/trust-05-store-phone.png', fullPage: true });

  await page.goto(`/product/${part.id}`);
  await expect(page.getByTestId('track-record')).toContainText('Orders completed');
  await expect(page.getByTestId('store-card-rating')).toBeVisible();
  await seller.close();
});

test('a requester rates the mechanic after the job is done and confirmed; the review shows on the mechanic page and in the list; the mechanic answers once', async ({
  page,
  browser,
}) => {
  await newBuyer(page);
  const mechanic = await signedInContext(browser, 'mechanic@demo.ng', { viewport: PHONE });
  const listing = (await (await mechanic.request.get('/api/provider/profile')).json()).item;
  const made = await page.request.post('/api/requests', {
    data: {
      kind: 'mechanic',
      specialityId: 1,
      vehicleTypeId: 1,
      stateId: listing.state_id,
      cityId: listing.city_id,
      description: 'Engine knocks when cold, please check it',
      urgency: 'today',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const requestId = (await made.json()).item.id as number;
  const offer = await mechanic.request.post(`/api/requests/${requestId}/offers`, {
    data: { priceKobo: 2_500_000, note: 'I can come this afternoon' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const offerId = (await offer.json()).item.id as number;

  // No review before the job is accepted.
  await page.goto(`/broadcast/${requestId}`);
  await expect(page.getByTestId('job-review')).toHaveCount(0);
  expect(
    (await page.request.post(`/api/requests/${requestId}/offers/${offerId}/accept`)).status(),
  ).toBe(200);

  // Accepted is not done: no review until the mechanic marks the job done and the buyer confirms.
  await page.goto(`/broadcast/${requestId}`);
  await expect(page.getByTestId('job-review')).toContainText(
    'once they mark the job done and you confirm it',
  );
  await expect(page.getByTestId('provider-review-form')).toHaveCount(0);
  const mechanicPage = await mechanic.newPage();
  await mechanicPage.goto(`/broadcast/${requestId}`);
  await hydrated(mechanicPage);
  await mechanicPage.getByRole('button', { name: 'Mark the job done' }).click();
  await expect(mechanicPage.getByTestId('job-state')).toContainText('You marked the job done');
  await page.goto(`/broadcast/${requestId}`);
  await hydrated(page);
  await expect(page.getByTestId('job-done')).toContainText('marked the job done');
  await page.screenshot({ path: '/tmp/shots/trust-06-job-done-phone.png', fullPage: true });
  await page.getByRole('button', { name: 'Yes, it is done' }).click();
  const form = page.getByTestId('provider-review-form');
  await form
    .getByRole('group', { name: `Your rating of ${listing.company_name}` })
    .getByRole('radio', { name: '5 stars: excellent' })
    .check();
  await form.getByLabel('What should others know?').fill('Found the fault in ten minutes.');
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByTestId('provider-review')).toContainText('Verified job');
  await page.screenshot({ path: '/tmp/shots/trust-06-job-review-phone.png', fullPage: true });

  await page.goto(`/mechanic/${listing.sp_id}`);
  await expect(page.getByTestId('provider-rating')).toBeVisible();
  await expect(
    page.getByTestId('provider-review').filter({ hasText: 'Found the fault in ten minutes.' }),
  ).toContainText('Verified job');
  await page.screenshot({ path: '/tmp/shots/trust-07-mechanic-phone.png', fullPage: true });

  // The card in the list of the mechanic's city shows the rating too.
  await page.goto(`/mechanics?regionId=${listing.state_id}&city=${listing.city_id}`);
  const card = page.locator('article').filter({ hasText: listing.company_name }).first();
  await expect(card.getByTestId('provider-card-rating')).toBeVisible();

  // The mechanic answers once, from the listing page's link; the answer shows on the public page.
  const mp = await mechanic.newPage();
  await mp.goto('/user/workshop');
  await mp.getByRole('link', { name: 'Your customers’ reviews' }).click();
  await expect(mp).toHaveURL(/\/user\/workshop\/reviews$/);
  const mine = mp
    .getByTestId('provider-review')
    .filter({ hasText: 'Found the fault in ten minutes.' });
  await mine.getByLabel('Answer publicly (once)').fill('Thank you, drive safe.');
  await mine.getByRole('button', { name: 'Publish answer' }).click();
  await expect(mine).toContainText('Thank you, drive safe.');
  await expect(mine.getByLabel('Answer publicly (once)')).toHaveCount(0);
  await mp.screenshot({ path: '/tmp/shots/trust-08-provider-answers-phone.png', fullPage: true });
  await page.goto(`/mechanic/${listing.sp_id}`);
  await expect(
    page.getByTestId('provider-review').filter({ hasText: 'Found the fault in ten minutes.' }),
  ).toContainText('Thank you, drive safe.');
  await mechanic.close();
});
