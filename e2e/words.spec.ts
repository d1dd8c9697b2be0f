import { expect, test, type Page } from '@playwright/test';
import { chatButton, expectAccessible, hydrated, shot, signIn } from './helpers.ts';

// What pages say: counts with the right noun, each step said once, one name per order, a 403
// that is not a 404, staff landing in their own area without the customer chat.
/** A category that takes products (one without sub-categories): the first under Brakes. */
async function leafCategory(page: Page) {
  const tops = await (await page.request.get('/api/categories/getByParentId/0')).json();
  const brakes = (tops.items as { cat_id: number; name: string }[]).find(
    (c) => c.name === 'Brakes',
  )!;
  const subs = await (
    await page.request.get(`/api/categories/getByParentId/${brakes.cat_id}`)
  ).json();
  return (subs.items as { cat_id: number }[])[0].cat_id;
}

test('one part is "1 part"; an accepted order says who accepted it once', async ({
  page,
}, info) => {
  // A part with a name no other has: the search finds exactly it.
  await signIn(page, 'seller@demo.ng');
  const name = `Qzx gasket ${info.project.name} ${Date.now()}`;
  const made = await page.request.post('/api/store/products', {
    data: { name, catId: await leafCategory(page), condition: 1, priceKobo: 500_000, stock: 3 },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`/spares-parts?prodName=${encodeURIComponent(name)}`);
  await hydrated(page);
  await expect(page.getByTestId('list-count')).toHaveText('Showing 1 part');
  await shot(page, 'one-part');

  // The demo buyer's orders: a step names who did it once.
  await signIn(page, 'buyer@demo.ng');
  await page.goto('/user/orders');
  await hydrated(page);
  const orders = page.getByTestId('order');
  await expect(orders.first()).toBeVisible();
  await expect(page.getByText('by the store by the store')).toHaveCount(0);
  // Open every timeline: the accepted step reads "Accepted by the store".
  for (const d of await page.locator('[data-testid="order"] details').all())
    await d.evaluate((el) => ((el as HTMLDetailsElement).open = true));
  await expect(page.getByText('Accepted by the store', { exact: false }).first()).toBeVisible();
  // Orders are named one way: SF-000011, never "order 11".
  const text = await page.getByRole('main').innerText();
  expect(text).not.toMatch(/\border \d+\b/i);
  expect(text).toMatch(/Order SF-\d{6}/);
  await shot(page, 'orders');
});

test('a buyer in the admin area gets a 403 with a padlock, not a "404" picture', async ({
  page,
}) => {
  await signIn(page, 'buyer@demo.ng');
  const r = await page.goto('/admin/cedstore');
  expect(r?.status()).toBe(403);
  await expect(page.getByRole('img', { name: '403: a locked door' })).toBeVisible();
  await expect(page.getByText('404')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, '403');
});

test('staff land in the admin area after logging in; no customer Chat there; categories by name', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByRole('main').getByLabel('E-mail or phone number').fill('admin@demo.ng');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await hydrated(page);
  await expect(page.getByTestId('chat-button')).toHaveCount(0);
  await shot(page, 'admin-landing');

  // A sub-category's page is headed with its name, under its parent.
  const tops = await (await page.request.get('/api/categories/getByParentId/0')).json();
  const brakes = (tops.items as { cat_id: number; name: string }[]).find(
    (c) => c.name === 'Brakes',
  )!;
  const subs = await (
    await page.request.get(`/api/categories/getByParentId/${brakes.cat_id}`)
  ).json();
  const sub = (subs.items as { cat_id: number; name: string }[])[0];
  await page.goto(`/admin/products/cat/${sub.cat_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sub.name);
  await expect(page.getByRole('link', { name: 'Brakes' })).toBeVisible();
  await expect(page.getByText(`Category ${sub.cat_id}`)).toHaveCount(0);
  await shot(page, 'admin-category');
  expect((await page.goto('/admin/products/cat/987654'))?.status()).toBe(404);

  // Leaving the admin area, the customer Chat is back.
  await page.goto('/');
  await expect(chatButton(page)).toBeVisible();
});
