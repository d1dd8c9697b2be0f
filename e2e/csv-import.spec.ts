import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoSellerPage, expectAccessible, hydrated, shot } from './helpers.ts';

// The demo seller imports parts from a CSV file: 50 rows of which 3 are wrong. The good rows
// become products, the report names each bad row's row number, column and problem; importing
// again updates by SKU. Without JavaScript the plain form posts the file and the page shows the
// status with a Refresh link.
test.describe.configure({ timeout: 120_000 });

const problems: string[] = [];
test.afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** A page of the demo seller (signed in through the API in its own context). */
const sellerPage = (browser: Browser, page: Page, baseURL: string, javaScript = true) =>
  demoSellerPage(browser, page, baseURL, problems, javaScript);

const HEADER = 'sku,name,category,condition,price,sale_price,stock,part_number,fitment';

/** 50 rows; rows 10, 20 and 30 of the sheet (the header is row 1) are wrong. */
function fileOf(prefix: string, price = 15000) {
  const lines = [HEADER];
  for (let i = 2; i <= 51; i++) {
    let category = 'brakes/brake-pads';
    let p = String(price + i);
    let fitment = '"Toyota Corolla 2008-2013; Honda Accord 2010-2012"';
    if (i === 10) p = 'fifteen thousand';
    if (i === 20) category = 'Brakes';
    if (i === 30) fitment = 'Toyta Corolla 2008-2013';
    lines.push(
      `${prefix}-${i},Import test brake pads ${prefix} ${i},${category},New,${p},,${i % 7},PN-${i},${fitment}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

test('the demo seller imports 50 rows: 47 products, and a report of the 3 bad rows', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const seller = await sellerPage(browser, page, baseURL!);
  await seller.goto('/user/store/products');
  await hydrated(seller);
  await seller.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(
    seller.getByRole('heading', { name: 'Import products from a CSV file' }),
  ).toBeVisible();
  await hydrated(seller);
  // The template downloads from the page.
  const template = await seller.request.get('/api/store/imports/template.csv');
  expect((await template.text()).split('\r\n')[0]).toMatch(/^sku,name,category,condition,price/);
  await expectAccessible(seller);

  const prefix = `E2E${info.project.name.toUpperCase()}`;
  await seller
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'my-parts.csv', mimeType: 'text/csv', buffer: fileOf(prefix) });
  await seller.getByRole('button', { name: 'Import products' }).click();
  await expect(seller).toHaveURL(/\/user\/store\/products\/import\?id=/);
  await expect(seller.getByRole('heading', { name: 'my-parts.csv' })).toBeVisible();
  // Polled without a reload until it ends.
  await expect(seller.getByText('Finished: 50 of 50 rows read')).toBeVisible({ timeout: 30_000 });
  await expect(seller.getByText(/47 products added, 0 updated, 3 rows not imported/)).toBeVisible();
  const report = seller.getByTestId('import-report');
  await expect(report.locator('tbody tr')).toHaveCount(3);
  const rows = await report.locator('tbody tr').allInnerTexts();
  expect(rows[0]).toMatch(/^10\s+price\s+Write the price in naira/);
  expect(rows[1]).toMatch(/^20\s+category\s+Choose the kind of part under Brakes/);
  expect(rows[2]).toMatch(/^30\s+fitment\s+Car 1 \("Toyta Corolla 2008-2013"\)/);
  await expectAccessible(seller);
  await shot(seller, 'report', { full: true });

  // The parts are in the store: the product list finds one.
  await seller.goto(`/user/store/products?q=${encodeURIComponent(`${prefix} 11`)}`);
  await expect(
    seller.getByRole('link', { name: `Import test brake pads ${prefix} 11` }),
  ).toBeVisible();

  // The same file again (prices changed): updated by SKU, nothing added.
  await seller.goto('/user/store/products/import');
  await hydrated(seller);
  await seller
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'my-parts.csv', mimeType: 'text/csv', buffer: fileOf(prefix, 16000) });
  await seller.getByRole('button', { name: 'Import products' }).click();
  await expect(seller.getByText(/0 products added, 47 updated, 3 rows not imported/)).toBeVisible({
    timeout: 30_000,
  });
  await seller.context().close();
});

test('without JavaScript: the form posts the file, the page shows the status and a Refresh link', async ({
  browser,
  page,
  baseURL,
}, info) => {
  const seller = await sellerPage(browser, page, baseURL!, false);
  await seller.goto('/user/store/products/import');
  // A file in the wrong encoding comes back with what to do.
  await seller.getByLabel(/CSV file/).setInputFiles({
    name: 'latin1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER}\nX-1,Pi\xe8ce,Brake Pads,New,1000,,1,,\n`, 'latin1'),
  });
  await seller.getByRole('button', { name: 'Import products' }).click();
  await expect(seller).toHaveURL(/uploadError=UNSUPPORTED_MEDIA_TYPE/);
  await expect(seller.getByText(/not a CSV file in UTF-8/)).toBeVisible();

  const prefix = `NOJS${info.project.name.toUpperCase()}`;
  await seller
    .getByLabel(/CSV file/)
    .setInputFiles({ name: 'plain.csv', mimeType: 'text/csv', buffer: fileOf(prefix) });
  await seller.getByRole('button', { name: 'Import products' }).click();
  await expect(seller).toHaveURL(/\/user\/store\/products\/import\?id=/);
  // Refresh until the job has run (the server's job runner polls every second).
  await expect(async () => {
    await seller
      .getByRole('link', { name: 'Refresh' })
      .click({ timeout: 1000 })
      .catch(() => {});
    await expect(seller.getByText('Finished: 50 of 50 rows read')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(seller.getByTestId('import-report').locator('tbody tr')).toHaveCount(3);
  await shot(seller, 'nojs', { full: true });
  await seller.context().close();
});
