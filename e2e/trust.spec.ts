import { expect, test, type Page } from '@playwright/test';
import { hydrated, uniquePhone } from './helpers.ts';

// Trust (issue 15) at phone size: the fit check on the list, the product page and at checkout.
test.describe.configure({ timeout: 180_000 });
test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 768, 'phone size only');

const PASSWORD = 'Brake-pads-for-Camry-09';

/** A new buyer signed in on this page's cookies, with a 2010 Toyota Corolla saved in My cars. */
async function buyerWithCorolla(page: Page) {
  const email = `trust-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;
  const reg = await page.request.post('/api/auth/register', {
    data: { name: 'Amaka Obi', email, phone: uniquePhone(), password: PASSWORD, role: 'Buyer' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const makes = (await (await page.request.get('/api/database/cars/make')).json()).items as {
    label: string;
    value: number;
  }[];
  const toyota = makes.find((m) => m.label === 'Toyota')!.value;
  const models = (await (await page.request.get(`/api/database/cars/model/${toyota}`)).json())
    .items as { label: string; value: number }[];
  const corolla = models.find((m) => m.label === 'Corolla')!.value;
  const car = await page.request.post('/api/garage', {
    data: { makeId: toyota, modelId: corolla, year: 2010 },
  });
  expect(car.status()).toBe(201);
  return { email, toyota, corolla };
}

test('a buyer with a saved Corolla sees what fits, filters to it, and confirms a misfit at checkout', async ({
  page,
}) => {
  const { toyota, corolla } = await buyerWithCorolla(page);

  // Corolla parts of every year: some fit the 2010 car, some do not.
  await page.goto(`/spares-parts?carmake=${toyota}&carmodel=${corolla}`);
  await hydrated(page);
  const fits = page.locator('[data-testid="my-fit"][data-verdict="fits"]');
  const misfits = page.locator('[data-testid="my-fit"][data-verdict="no"]');
  await expect(fits.first()).toHaveText('Fits your 2010 Toyota Corolla');
  await expect(misfits.first()).toContainText(/^Does not fit your Corolla \(fits /);
  const misfitCard = misfits.first().locator('xpath=ancestor::article');
  const misfitId = Number(await misfitCard.getAttribute('data-prod-id'));
  await page.getByTestId('product-list').screenshot({ path: '/tmp/shots/trust-01-list-phone.png' });

  // Only parts that fit: a GET form.
  await page.getByLabel('Only parts that fit').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/fits=1/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(misfits).toHaveCount(0);
  await expect(fits.first()).toBeVisible();

  // The product page says the same.
  await page.goto(`/product/${misfitId}`);
  await expect(page.getByTestId('product-fit')).toContainText('Does not fit your Corolla');

  // At checkout the misfit must be confirmed before the order is placed.
  const add = await page.request.post('/api/cart/items', { data: { productId: misfitId } });
  expect(add.status(), await add.text()).toBe(200);
  await page.goto('/shopping/checkout');
  await hydrated(page);
  await expect(page.getByTestId('fit-warning')).toContainText(
    'may not fit your 2010 Toyota Corolla',
  );
  await page
    .getByTestId('fit-warning')
    .screenshot({ path: '/tmp/shots/trust-02-checkout-phone.png' });
  await page.getByTestId('fulfilment-pickup').check();
  await page.getByTestId('pay-on-delivery').check();
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('checkout-error')).toContainText("tick 'Buy it anyway'");
  await page.getByTestId('fit-confirm').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/user\/orders\?checkout=/);
});
