import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { normalisePhone } from '../packages/shared/src/phone.ts';
import { expectAccessible, hydrated } from './helpers.ts';

// The spare parts catalogue: filters, load more, header search, product, store, cart.
// Demo data: 2,000+ products in 30+ stores; the reference makes include Toyota and Corolla.

// The machine is shared: give slow server renders room (no fixed sleeps, only longer waits).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const filterForm = (page: Page) => page.getByRole('form', { name: 'Filter parts' });
/** The filter form, opened first on a phone (there it is a sheet behind the Filters button). */
async function openFilters(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768 && !(await filterForm(page).isVisible()))
    await page.getByTestId('open-filters').click();
  return filterForm(page);
}
const cards = (page: Page) => page.getByTestId('product-card');
const headerSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Search spare parts' }).filter({ visible: true }).first();

/** Nothing sticks out sideways on a phone (no horizontal scroll). */
async function noSideScroll(page: Page) {
  const { sw, w } = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    w: document.documentElement.clientWidth,
  }));
  expect(sw).toBeLessThanOrEqual(w);
}

async function prodIds(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-prod-id') ?? ''));
}

/** Waits until a select has more than its placeholder option. */
async function optionsLoaded(select: Locator) {
  await expect(select).toBeEnabled();
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
}

/** A product page of the demo data that is in stock and whose store has a valid phone. */
async function firstProductPath(page: Page, query = ''): Promise<string> {
  // A demo part with a photo, in stock, with its cars and a store phone. Other specs add parts
  // (newest first, many without a photo: a CSV import adds 47 at once), so look a few pages deep.
  let lastId = '';
  for (let n = 0; n < 8; n++) {
    const sep = query ? '&' : '?';
    const page1 = lastId ? `${query}${sep}lastId=${encodeURIComponent(lastId)}` : query;
    const body = await (await page.request.get(`/api/products/categories/0/${page1}`)).json();
    for (const item of body.items.filter((i: { image: unknown }) => i.image)) {
      const { item: p } = await (await page.request.get(`/api/products/${item.id}`)).json();
      if (
        p.stock > 0 &&
        p.images?.length > 0 &&
        p.fitment.length > 0 &&
        normalisePhone(p.store?.phones?.find(Boolean))
      )
        return `/product/${p.id}`;
    }
    if (!body.hasMore || !body.lastId) break;
    lastId = body.lastId;
  }
  throw new Error('no product with a photo, in stock, with a valid store phone');
}

test.describe('parts list and filters', () => {
  test('on a phone the results start on the first screen; filters open as a sheet, chips remove them', async ({
    page,
  }) => {
    // The sheet and chips are the phone layout: desktop shows the filters in place.
    test.skip(
      (page.viewportSize()?.width ?? 1280) >= 768,
      'the sheet and chips are the phone layout',
    );
    const toyota = (await (await page.request.get('/api/database/cars/make')).json()).items.find(
      (m: { label: string }) => m.label === 'Toyota',
    ).value;
    await page.goto(`/spares-parts?active=true&carmake=${toyota}&condition=2`);
    await hydrated(page);
    const first = await cards(page).first().boundingBox();
    expect(first!.y).toBeLessThan(740);
    await expect(filterForm(page)).toBeHidden();
    const chips = page.getByRole('list', { name: 'Filters in use' }).filter({ visible: true });
    await expect(chips.getByRole('link')).toHaveText(['Toyota', 'Used (Tokunbo)']);
    await page.getByTestId('open-filters').click();
    await expect(filterForm(page).getByLabel('Make')).toBeVisible();
    await page.getByRole('link', { name: 'Close filters' }).click();
    await expect(filterForm(page)).toBeHidden();
    await chips.getByRole('link', { name: 'Remove filter Toyota' }).click();
    await expect(page).not.toHaveURL(/carmake=/);
    await expect(page).toHaveURL(/condition=2/);
    await expect(chips.getByRole('link')).toHaveText(['Used (Tokunbo)']);
    await noSideScroll(page);
  });

  test('filters by make, model and year; reset returns to the unfiltered list', async ({
    page,
  }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    const form = await openFilters(page);
    const search = form.getByRole('button', { name: 'Search' });
    await expect(search).toBeDisabled(); // inactive until a value is picked
    await expect(form.getByRole('button', { name: 'Reset filters' })).toHaveCount(0);

    await form.getByLabel('Make').selectOption({ label: 'Toyota' });
    await expect(search).toBeEnabled();
    const model = form.getByLabel('Model');
    await optionsLoaded(model);
    await model.selectOption({ label: 'Corolla' });
    const year = form.getByLabel('Year');
    await year.selectOption('2012');
    await search.click();

    await expect(page).toHaveURL(/carmake=\d+/);
    await expect(page).toHaveURL(/carmodel=\d+/);
    await expect(page).toHaveURL(/caryear=2012/);
    await expect(cards(page).first()).toBeVisible();
    // Parts for this car come first, labelled; parts for most cars follow.
    await expect(cards(page).first().getByTestId('fit-badge')).toHaveText('Fits your car');
    // The filtered list fits the car: open a result and see Toyota Corolla (or all Toyota models) in its fitment.
    await openFilters(page);
    await expect(form.getByLabel('Model')).toHaveValue(/\d+/);
    const reset = form.getByRole('button', { name: 'Reset filters' });
    await expect(reset).toBeVisible();
    await reset.click();
    await expect(page).toHaveURL(/\/spares-parts$/);
    await openFilters(page);
    await expect(filterForm(page).getByLabel('Make')).toHaveValue('');
    await expect(filterForm(page).getByRole('button', { name: 'Search' })).toBeDisabled();
    await expect(cards(page)).toHaveCount(50);
  });

  test('a filtered result fits the chosen car', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    const form = await openFilters(page);
    await form.getByLabel('Make').selectOption({ label: 'Toyota' });
    await optionsLoaded(form.getByLabel('Model'));
    await form.getByLabel('Model').selectOption({ label: 'Corolla' });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/carmodel=\d+/);
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/\d+/);
    const fits = page.getByRole('table', { name: 'Cars this part fits' });
    await expect(fits.getByRole('row').filter({ hasText: 'Toyota' }).first()).toBeVisible();
  });

  test('filters by state and city', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    const form = await openFilters(page);
    const city = form.getByLabel('City');
    await expect(city).toBeDisabled();
    await form.getByLabel('State').selectOption({ label: 'Lagos' });
    await optionsLoaded(city);
    // Pick the city of a Lagos store that has parts, so the list is not empty.
    const lagos = await (
      await page.request.get('/api/products/categories/0/?regionId=25&pagesize=1')
    ).json();
    const cityName: string = lagos.items[0].store.city;
    await city.selectOption({ label: cityName });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/regionId=\d+.*city=\d+|city=\d+.*regionId=\d+/);
    await expect(cards(page).first()).toBeVisible();
    for (const text of await cards(page).allTextContents())
      expect(text).toContain(`${cityName}, Lagos`);
  });

  test('load more appends up to 50 parts with no duplicates', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    await expect(cards(page)).toHaveCount(50);
    await noSideScroll(page);
    const before = await prodIds(page);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(50);
    const after = await prodIds(page);
    expect(after.length).toBeLessThanOrEqual(100);
    expect(new Set(after).size).toBe(after.length);
    expect(after.slice(0, 50)).toEqual(before);
    await expect(page).toHaveURL(/\/spares-parts$/); // appended in place
    await expect(page.getByTestId('list-count')).toHaveText(`Showing ${after.length} parts`);
  });

  test('an empty result says what to try', async ({ page }) => {
    await page.goto('/spares-parts?active=true&prodName=zzzqqqxxyy');
    await expect(page.getByTestId('empty-results')).toContainText('No parts match these filters');
    await expect(page.getByRole('link', { name: 'Show all parts' })).toHaveAttribute(
      'href',
      '/spares-parts',
    );
  });

  test('search results, category and products-by-category pages', async ({ page }) => {
    await page.goto('/products/cat/0?active=true&prodName=brake%20pads');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “brake pads”');
    await expect(cards(page).first()).toContainText(/brake pad/i);

    const top = await (await page.request.get('/api/categories/getByParentId/0')).json();
    const brakes = top.items.find((c: { name: string }) => c.name === 'Brakes');
    await page.goto(`/cat/${brakes.cat_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brakes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kinds of brakes' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await page.goto(`/products/cat/${brakes.cat_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brakes parts' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expect((await page.goto('/cat/99999999'))?.status()).toBe(404);
  });

  test('the parts list is accessible', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    await expectAccessible(page);
  });
});

test.describe('header search', () => {
  test('refuses 3 characters or fewer', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    const box = headerSearch(page);
    await box.fill('pad');
    await box.press('Enter');
    await expect(page.getByText('Search text should be more than 3 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/spares-parts$/);
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
  });

  test('suggests parts; choosing one opens it and clears the box', async ({ page }) => {
    await page.goto('/spares-parts');
    await hydrated(page);
    const box = headerSearch(page);
    await box.pressSequentially('brake pads', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const first = list.getByRole('option').first();
    await expect(first).toBeVisible();
    const name = (await first.innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(headerSearch(page)).toHaveValue('');
  });

  test('works with the keyboard: arrow down, Enter; Escape closes', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = headerSearch(page);
    await box.pressSequentially('headlamp', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.press('Escape');
    await expect(list).toHaveCount(0);
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(headerSearch(page)).toHaveValue('');
  });

  test('a search runs the list of matches', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = headerSearch(page);
    await box.fill('tokunbo alternator');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/cat\/0\?active=true&prodName=tokunbo/);
    await expect(cards(page).first()).toContainText('Used (Tokunbo)');
  });

  test('home SEARCH suggests parts, then the search of parts, mechanics and tow vans', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Search parts, mechanics and tow vans' });
    await box.pressSequentially('brake pads Lagos', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const all = list.getByRole('option', {
      name: 'Parts, mechanics and tow vans for “brake pads Lagos”',
    });
    await expect(all).toBeVisible();
    await all.click();
    await expect(page).toHaveURL(/\/search\?q=brake%20pads%20Lagos$/);
    await expect(page.getByTestId('group-part')).toBeVisible();
    await expect(page.getByTestId('group-mechanic')).toBeVisible();
  });
});

test.describe('product, store and cart', () => {
  test('product page: price, fitment, store, chat link, cart icon', async ({ page }) => {
    const path = await firstProductPath(page);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('price').first()).toContainText('₦');
    await noSideScroll(page);
    await expect(
      page.getByRole('table', { name: 'Cars this part fits' }).getByRole('row').nth(1),
    ).toBeVisible();
    const storeLink = page.getByRole('region', { name: 'Sold by' }).getByRole('link').first();
    await expect(storeLink).toHaveAttribute('href', /^\/store\/[a-z0-9-]+$/);
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/234\d{10}/,
    );
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      /^tel:\+234\d{10}$/,
    );
    const img = page.getByRole('main').getByRole('img').first();
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);

    // The cart icon shows only when the cart has items, with the count, linking to checkout.
    await expect(page.getByTestId('cart-link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByRole('link', { name: 'Cart, 1 item' });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveAttribute('href', '/shopping/checkout');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible(); // kept in local storage
  });

  test('sale price shows the original struck through; /item/:id is the same page; meta tags', async ({
    page,
  }) => {
    let sale: { id: number } | undefined;
    let lastId = '';
    for (let i = 0; i < 5 && !sale; i++) {
      const body = await (
        await page.request.get(`/api/products/categories/0/${lastId ? `?lastId=${lastId}` : ''}`)
      ).json();
      sale = body.items.find((p: { price: { sales: number | null } }) => p.price.sales !== null);
      lastId = body.lastId;
    }
    expect(sale).toBeTruthy();
    await page.goto(`/item/${sale!.id}`);
    const price = page.getByTestId('price').first();
    await expect(price.locator('s')).toContainText('₦');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    // A JPEG sharing card (WhatsApp shows no WebP), named after the picture it is drawn from.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^http.*\/og\/product\/\d+\.jpg\?v=[a-z0-9-]+$/,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    expect((await page.goto('/product/99999999'))?.status()).toBe(404);
  });

  test('store page: header, its products, load more', async ({ page }) => {
    const path = await firstProductPath(page);
    await page.goto(path);
    const storeLink = page.getByRole('region', { name: 'Sold by' }).getByRole('link').first();
    const storeName = (await storeLink.innerText()).trim();
    await hydrated(page);
    await storeLink.click();
    await expect(page).toHaveURL(/\/store\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(storeName);
    await expect(cards(page).first()).toBeVisible();
    const n = await cards(page).count();
    if (n === 50) {
      // The button stays where the reader's finger is while the cards near it are first drawn.
      const tops = await page.getByRole('link', { name: 'Load more' }).evaluate(async (link) => {
        link.scrollIntoView({ block: 'center' });
        const seen: number[] = [];
        for (let i = 0; i < 6; i++) {
          seen.push(Math.round(link.getBoundingClientRect().top));
          await new Promise((done) => requestAnimationFrame(done));
        }
        return seen;
      });
      expect(new Set(tops).size, `the button's top, frame by frame: ${tops}`).toBe(1);
      await page.getByRole('link', { name: 'Load more' }).click();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(50);
      const ids = await prodIds(page);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect((await page.goto('/store/no-such-store-here'))?.status()).toBe(404);
  });

  test('the product page is accessible', async ({ page }) => {
    await page.goto(await firstProductPath(page));
    await hydrated(page);
    await expectAccessible(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form submits, dependent selects fill from the URL, load more is a link', async ({
    page,
  }) => {
    await page.goto('/spares-parts');
    const form = await openFilters(page);
    await expect(form.getByLabel('Model')).toBeDisabled();
    await form.getByLabel('Make').selectOption({ label: 'Toyota' });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/carmake=\d+/);
    // The server filled the models of the chosen make.
    const model = (await openFilters(page)).getByLabel('Model');
    await expect(model).toBeEnabled();
    await model.selectOption({ label: 'Corolla' });
    await filterForm(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/carmodel=\d+/);
    await expect(cards(page).first()).toBeVisible();
    await openFilters(page);
    await expect(filterForm(page).getByRole('link', { name: 'Reset filters' })).toHaveAttribute(
      'href',
      '/spares-parts',
    );

    await page.goto('/spares-parts');
    const first = await prodIds(page);
    expect(first).toHaveLength(50);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/lastId=/);
    const next = await prodIds(page);
    expect(next.length).toBeGreaterThan(0);
    expect(next.filter((id) => first.includes(id))).toEqual([]);
    await expect(page.getByRole('link', { name: 'Back to the first page' })).toBeVisible();
  });

  test('state and city without JavaScript', async ({ page }) => {
    await page.goto('/spares-parts');
    const form = await openFilters(page);
    await form.getByLabel('State').selectOption({ label: 'Lagos' });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/regionId=\d+/);
    await openFilters(page);
    await expect
      .poll(() => filterForm(page).getByLabel('City').locator('option').count())
      .toBeGreaterThan(1);
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Lagos');
  });

  test('the product page works: price, fitment, chat link, cart form', async ({ page }) => {
    await page.goto(await firstProductPath(page));
    await expect(page.getByTestId('price').first()).toContainText('₦');
    await expect(page.getByRole('table', { name: 'Cars this part fits' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/234/,
    );
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });
});

test.describe('page weight at 360 px', () => {
  // Skipped on purpose in the desktop project: this behaviour exists (or is budgeted) on phones only.
  test.skip(({ viewport }) => (viewport?.width ?? 1280) >= 768, 'measured on the phone');

  test('initial JavaScript and product page bytes', async ({ browser, page }, info) => {
    const path = await firstProductPath(page);
    const figures: Record<string, { js: number; total: number }> = {};
    for (const p of ['/', '/spares-parts', path, '/mechanics', '/towvans', '/search']) {
      // A fresh context per page: nothing comes from the cache.
      const ctx = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
      });
      const tab = await ctx.newPage();
      const sizes: Promise<{ type: string; body: number }>[] = [];
      tab.on('requestfinished', (req) =>
        sizes.push(
          req.sizes().then((s) => ({ type: req.resourceType(), body: s.responseBodySize })),
        ),
      );
      await tab.goto(p, { waitUntil: 'networkidle' });
      const all = await Promise.all(sizes);
      figures[p.startsWith('/product') ? '/product/:id' : p] = {
        js: all.filter((s) => s.type === 'script').reduce((n, s) => n + s.body, 0),
        total: all.reduce((n, s) => n + s.body, 0),
      };
      await ctx.close();
    }
    info.annotations.push({
      type: 'page weight (compressed bytes)',
      description: JSON.stringify(figures),
    });
    console.log('page weight (compressed bytes):', JSON.stringify(figures));
    expect(figures['/product/:id'].total).toBeLessThan(300 * 1024);
    // Budget (decision 0009): initial JavaScript under 120 KB compressed per public page;
    // React 19 and React Router are about 94 KB of it, shared by every page.
    for (const [p, f] of Object.entries(figures)) expect(f.js, p).toBeLessThan(120 * 1024);
  });
});
