import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers.ts';

// Staff at work on the catalogue (decision 0019): verify a store (its badge shows publicly), suspend
// one (its parts vanish from search and their pages), merge a category. Phone and desktop.

async function asAdmin(page: Page) {
  const r = await page.request.post('/api/auth/login', {
    data: { email: 'admin@demo.ng', password: 'demo1234' },
  });
  expect(r.status()).toBe(200);
}

async function stores(page: Page, query: string) {
  const r = await page.request.get(`/api/admin/stores?${query}`);
  expect(r.status()).toBe(200);
  return (await r.json()).items as {
    id: number;
    name: string;
    urlName: string;
    activeProducts: number;
  }[];
}

test('admin verifies a store: the badge and what it means show on its public page', async ({
  page,
}) => {
  await asAdmin(page);
  const [store] = await stores(page, 'verified=no&suspended=no');
  await page.goto(`/admin/cedstore/${store.id}`);
  await hydrated(page);
  await page.getByLabel('Note (what you checked)').fill('CAC certificate and shop address seen');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status')).toContainText('is verified');
  await expect(page.getByText('store.verify')).toBeVisible();
  await page.goto(`/store/${store.urlName}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Verified');
  await expect(page.getByText(/staff checked that this business is real/)).toBeVisible();
});

test('admin suspends a store: its parts vanish from search until the suspension is lifted', async ({
  page,
}) => {
  await asAdmin(page);
  const list = (await stores(page, 'suspended=no&verified=no')).filter((s) => s.activeProducts > 0);
  const store = list[list.length - 1];
  const prods = await (
    await page.request.get(`/api/admin/products?store=${store.id}&active=yes&pagesize=1`)
  ).json();
  const part = prods.items[0] as { id: number; name: string };
  expect((await page.request.get(`/api/products/${part.id}`)).status()).toBe(200);

  await page.goto(`/admin/cedstore/${store.id}`);
  await hydrated(page);
  await page.getByLabel('Reason (the owner reads it)').fill('Fake parts reported by buyers');
  await page.getByRole('button', { name: 'Suspend store' }).click();
  // The required 'I am sure' box stops the form until it is ticked.
  await expect(page.getByText('Suspended', { exact: true })).toHaveCount(0);
  await page.getByLabel(/I am sure/).check();
  await page.getByRole('button', { name: 'Suspend store' }).click();
  await expect(page.getByRole('status')).toContainText('is suspended');

  const search = await (
    await page.request.get(`/api/products/search?prodName=${encodeURIComponent(part.name)}`)
  ).json();
  expect(search.items.map((i: { prod_id: number }) => i.prod_id)).not.toContain(part.id);
  const gone = await page.goto(`/product/${part.id}`);
  expect(gone?.status()).toBe(404);

  // Lift it again: the part is back.
  await page.goto(`/admin/cedstore/${store.id}`);
  await hydrated(page);
  await page.getByLabel('Note (why)').fill('Reviewed: the reports were wrong');
  await page.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(page.getByRole('status')).toContainText('open again');
  expect((await page.request.get(`/api/products/${part.id}`)).status()).toBe(200);
});

test('admin merges a category into another: its products move, it is gone', async ({ page }) => {
  await asAdmin(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const add = async (name: string, parentId = 0) =>
    (await (await page.request.post('/api/admin/categories', { data: { name, parentId } })).json())
      .item as { id: number };
  const top = await add(`E2E Merge ${tag}`);
  const from = await add(`E2E From ${tag}`, top.id);
  const into = await add(`E2E Into ${tag}`, top.id);

  await page.goto(`/admin/categories/${from.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: `E2E From ${tag}` })).toBeVisible();
  await page.getByLabel('Merge into').selectOption(String(into.id));
  await page.getByLabel(/Move every product/).check();
  await page.getByRole('button', { name: 'Merge' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/categories/${into.id}`));
  await expect(page.getByRole('heading', { level: 1, name: `E2E Into ${tag}` })).toBeVisible();
  await expect(page.getByText('category.merge')).toBeVisible();
  expect((await page.request.get(`/api/categories/${from.id}`)).status()).toBe(404);
});
