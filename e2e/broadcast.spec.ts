import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, hydrated } from './helpers.ts';

// Broadcast requests with two people at once: a buyer asks for a part, the demo seller sees the
// request arrive on /user/store without reloading and offers one of their parts, the buyer sees
// the offer arrive without reloading and accepts it: the part is in the cart at that price.
test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/shots';
async function shot(page: Page, info: TestInfo, name: string) {
  // Pictures for a person to look at (npm run test:e2e); CI has no one looking, and each costs
  // a second or more of a busy CI machine.
  if (process.env.CI) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/broadcast-${name}-${info.project.name}.png`,
    fullPage: true,
  });
}

test('a buyer broadcasts, the seller offers live, the buyer accepts live: the cart has the line', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const viewport = page.viewportSize();
  const sellerCtx = await browser.newContext({ baseURL, viewport });
  expect(
    (
      await sellerCtx.request.post('/api/auth/login', {
        data: { email: 'seller@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  // One of the demo seller's parts in stock, with the make it fits: what the buyer will ask for.
  const mine = await (await sellerCtx.request.get('/api/store/products?status=active')).json();
  let part: { id: number; name: string; catId: number; makeId: number } | undefined;
  for (const p of mine.items as {
    id: number;
    name: string;
    stock: number;
    category: { id: number };
  }[]) {
    if (p.stock < 1) continue;
    const d = await (await sellerCtx.request.get(`/api/products/${p.id}`)).json();
    const fit = d.item?.fitment?.[0] ?? d.fitment?.[0];
    if (fit) {
      part = { id: p.id, name: p.name, catId: p.category.id, makeId: fit.make_id };
      break;
    }
  }
  expect(part, 'a demo part with a fitment').toBeTruthy();

  const seller = await sellerCtx.newPage();
  await seller.goto('/user/store');
  await hydrated(seller);
  await expect(seller.getByRole('heading', { name: 'Requests near you' })).toBeVisible();

  // The buyer, in this test's own context.
  expect(
    (
      await page.request.post('/api/auth/login', {
        data: { email: 'buyer@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/broadcast');
  await hydrated(page);
  await page.getByLabel('Part', { exact: true }).selectOption(String(part!.catId));
  await page.getByLabel('Make').selectOption(String(part!.makeId));
  // The make's models load in the browser; 'Any model' stays chosen (the make is enough).
  await expect(page.getByLabel('Model').locator('option')).not.toHaveCount(1);
  await expect(page.getByLabel('Model')).toHaveValue('');
  await page.getByLabel('Year').fill('2014');
  const words = `Need this part quickly, test ${info.project.name} ${Date.now()}`;
  await page.getByLabel('Describe it').fill(words);
  await shot(page, info, 'form');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(/\/broadcast\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: /No offers yet/ })).toBeVisible();
  await expectAccessible(page);
  // A photo of the part helps sellers offer the right one (the product pictures' pipeline).
  await hydrated(page);
  const lamp = await sharp({
    create: { width: 900, height: 700, channels: 3, background: '#b03a2e' },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Add a photo (optional)')
    .setInputFiles({ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: lamp });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Your photo is on the request.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Photo from the requester/ })).toBeVisible();

  // The seller's dashboard shows it without a reload.
  const link = seller.locator(`a[href="/broadcast/${id}"]`);
  await expect(link).toBeVisible({ timeout: 20_000 });
  await shot(seller, info, 'seller-dashboard');
  await link.click();
  await expect(seller.getByRole('heading', { name: 'Make an offer' })).toBeVisible();
  await expect(seller.getByRole('img', { name: /Photo from the requester/ })).toBeVisible();
  await hydrated(seller);
  await seller.getByLabel('Price in naira').fill('12345');
  await seller.getByLabel('One of your parts').selectOption(String(part!.id));
  await seller.getByLabel('Note (optional)').fill('Genuine part, can deliver today');
  await seller.getByRole('button', { name: 'Send my offer' }).click();
  await expect(seller.getByText('Your offer is sent')).toBeVisible();

  // The buyer's page shows the offer without a reload, and accepts it.
  const offer = page.getByTestId('offer');
  await expect(offer).toContainText('₦12,345', { timeout: 20_000 });
  await expect(offer).toContainText('Ladipo Genuine Parts');
  await shot(page, info, 'offer');
  await offer.getByRole('button', { name: /Accept the offer/ }).click();
  await expect(page).toHaveURL(/\/shopping\/cart/);
  const line = page.locator('main').getByText(part!.name).first();
  await expect(line).toBeVisible();
  await expect(page.locator('main')).toContainText('₦12,345');
  await shot(page, info, 'cart');

  // The seller's request page now shows the customer's phone.
  await seller.reload();
  await expect(seller.getByTestId('contact')).toContainText('Your customer');
  await sellerCtx.close();
});

test('a guest opening /broadcast is sent to log in with the broadcast message', async ({
  page,
}) => {
  await page.goto('/broadcast');
  await expect(page).toHaveURL(/\/auth\/login/);
});
