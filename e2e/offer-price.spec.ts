import { expect, test } from '@playwright/test';
import { expectAccessible, hydrated, shot, uniquePhone } from './helpers.ts';

// An accepted broadcast offer's price in the cart: the line says for how many units and until
// when (Lagos time) the price holds, and that more cost the shop's price; the quantity cannot go
// above the offered one while the offer lasts; the checkout repeats the terms.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Brake-pads-for-Sienna-2008';

test('an accepted offer in the cart: offer price for 1 until a Lagos time, more at the shop price', async ({
  page,
  browser,
  baseURL,
}, info) => {
  // The demo seller offers one of their parts in stock, in their own state and city.
  const seller = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  expect(
    (
      await seller.request.post('/api/auth/login', {
        data: { email: 'seller@demo.ng', password: 'demo1234' },
      })
    ).status(),
  ).toBe(200);
  const store = (await (await seller.request.get('/api/store/profile')).json()).store;
  const mine = await (await seller.request.get('/api/store/products?status=active')).json();
  // One with stock and a car it fits: a part request names the make.
  let part: { id: number; name: string; catId: number; makeId: number } | undefined;
  let price: { price: number; sales: number | null } | undefined;
  for (const p of mine.items as {
    id: number;
    name: string;
    stock: number;
    category: { id: number };
  }[]) {
    if (p.stock < 3) continue;
    const d = await (await seller.request.get(`/api/products/${p.id}`)).json();
    const fit = d.item?.fitment?.[0] ?? d.fitment?.[0];
    if (!fit) continue;
    part = { id: p.id, name: p.name, catId: p.category.id, makeId: fit.make_id };
    price = d.item.price;
    break;
  }
  if (!part || !price) throw new Error('no demo part in stock with a fitment');
  const listKobo = Math.round((price.sales ?? price.price) * 100);

  // A new buyer asks for that kind of part there.
  const email = `offer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Ngozi Bello', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const made = await page.request.post('/api/requests', {
    data: {
      kind: 'part',
      catId: part.catId,
      makeId: part.makeId,
      stateId: store.stateId,
      cityId: store.cityId,
      description: `Need ${part.name} today (${info.project.name})`,
      urgency: 'today',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const requestId = (await made.json()).item.id as number;
  const offerKobo = Math.max(100_000, Math.floor(listKobo / 2 / 100) * 100);
  const offer = await seller.request.post(`/api/requests/${requestId}/offers`, {
    data: { priceKobo: offerKobo, productId: part.id, note: 'Genuine, half price today' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const offerId = (await offer.json()).item.id as number;
  await seller.close();
  const accepted = await page.request.post(`/api/requests/${requestId}/offers/${offerId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  const cart = await (await page.request.get('/api/cart')).json();
  const line = cart.items.find((l: { productId: number }) => l.productId === part.id);
  expect(line.offer).toMatchObject({ priceKobo: offerKobo, quantity: 1, listPriceKobo: listKobo });
  const until = new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  }).format(new Date(line.offer.expiresAt));
  const naira = (kobo: number) =>
    `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await page.goto('/shopping/cart');
  await hydrated(page);
  const row = page.getByTestId('cart-line').filter({ hasText: part.name });
  const note = row.getByTestId('line-offer');
  await expect(note).toContainText(`Offer price for 1 until ${until} (Lagos time).`);
  await expect(note).toContainText(
    `Only 1 at this price. More cost the shop's price, ${naira(listKobo)} each: check this one out first, then add them.`,
  );
  await expect(row).toContainText(`${naira(offerKobo)} each`);
  // One more is not offered while the offer lasts (the API would refuse it).
  await expect(row.getByRole('button', { name: `One more ${part.name}` })).toBeDisabled();
  await expect(row.getByTestId('line-qty')).toHaveText('1');
  await expectAccessible(page);
  await shot(page, 'cart', { full: true });

  await page.goto('/shopping/checkout');
  await hydrated(page);
  await page.getByTestId('fulfilment-pickup').check();
  const summary = page.getByTestId('checkout-summary');
  await expect(summary).toContainText(`1 × ${part.name}`);
  await expect(summary.getByTestId('line-offer')).toContainText(
    `Offer price for 1 until ${until} (Lagos time).`,
  );
  // The summary is dimmed while the total is worked out again for pickup.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'checkout', { full: true });
});
