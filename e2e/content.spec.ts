import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hydrated, uniquePhone } from './helpers.ts';

const SLUGS = [
  'faq',
  'book-sp',
  'payment',
  'about-us',
  'e-wallet',
  'shipping',
  'how-it-works',
  'work-with-us',
  'find-customer',
  'buy-through-us',
  'cookies-policy',
  'sell-through-us',
  'terms-condition',
  'safety-awareness',
  'advertise-with-us',
];
const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.ng`;
const newsletter = (page: Page) => page.getByRole('contentinfo');

test.describe('blogs', () => {
  test('list → category filter → post, with sharing tags', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(cards.first().locator('img')).toHaveAttribute('src', /^\/images\/blogs\/.+\.svg$/);

    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'Blog categories' })
      .getByRole('link', { name: 'Buying Guides' })
      .click();
    await expect(page).toHaveURL(/\/blogs\?category=buying-guides$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buying Guides' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buying Guides' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cards.filter({ hasText: 'Harmattan car care' })).toHaveCount(0);

    await page
      .getByRole('link', { name: 'How to spot fake brake pads before they fail you' })
      .click();
    await expect(page).toHaveURL(/\/blogs\/blog\/how-to-spot-fake-brake-pads$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'How to spot fake brake pads before they fail you',
      }),
    ).toBeVisible();
    await expect(page.getByText('By Emeka Nwosu')).toBeVisible();
    // The restricted Markdown is rendered as headings, lists and bold text.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await page.locator('article ul li').count()).toBeGreaterThan(3);
    expect(await page.locator('article strong').count()).toBeGreaterThan(0);
    await expect(page.locator('article')).not.toContainText('**');

    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'How to spot fake brake pads before they fail you',
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      /brake pads/i,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/blogs\/.+\.png$/);
    const res = await page.request.get(image!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  });

  test('an unknown post or category is a 404 page', async ({ page }) => {
    expect((await page.goto('/blogs/blog/no-such-post'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    expect((await page.goto('/blogs?category=nope'))?.status()).toBe(404);
  });

  test('guests are asked to log in to comment', async ({ page }) => {
    await page.goto('/blogs/blog/harmattan-car-care');
    await expect(page.getByRole('heading', { name: /^Comments \(\d+\)$/ })).toBeVisible();
    await expect(page.getByLabel('Your comment')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log in to comment' })).toHaveAttribute(
      'href',
      `/auth/login?redirectTo=${encodeURIComponent('/blogs/blog/harmattan-car-care#comments')}`,
    );
  });

  test('a signed-in user comments, and the comment shows as plain text, newest last', async ({
    page,
  }, info) => {
    const email = unique(`commenter-${info.project.name}`);
    const password = 'Str0ng-pass-for-e2e';
    const reg = await page.request.post('/api/auth/register', {
      data: { name: 'Ada Commenter', email, phone: uniquePhone(), password, role: 'Buyer' },
    });
    expect(reg.status()).toBeLessThan(300);
    const login = await page.request.post('/api/auth/login', { data: { email, password } });
    expect(login.status()).toBeLessThan(300);

    await page.goto('/blogs/blog/tyre-date-codes-and-nigerian-heat');
    await hydrated(page);
    const text = `<b>Checked my tyres</b>: 2219 means week 22 of 2019 (${info.project.name})`;
    await page.getByLabel('Your comment').fill(text);
    await page.getByRole('button', { name: 'Post comment' }).click();
    const items = page.getByRole('region', { name: /Comments/ }).getByRole('listitem');
    await expect(items.last()).toContainText(text);
    await expect(items.last().locator('b')).toHaveCount(0);
    await expect(page.getByLabel('Your comment')).toHaveValue('');
    // Too long is refused beside the field.
    await page
      .getByLabel('Your comment')
      .evaluate((el: HTMLTextAreaElement) => el.removeAttribute('maxlength'));
    await page.getByLabel('Your comment').fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText('A comment can be at most 1000 characters')).toBeVisible();
  });
});

test.describe('static pages', () => {
  test('every one of the 15 pages renders its title, body and sections', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    for (const slug of SLUGS) {
      const sections = (await (await request.get(`/api/static/sections/${slug}`)).json()).items as {
        heading: string;
      }[];
      const content = (await (await request.get(`/api/static/contents/${slug}`)).json())
        .items[0] as { title: string };
      expect(sections.length, slug).toBeGreaterThan(0);
      const res = await page.goto(`/static/${slug}`);
      expect(res?.status(), slug).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
      await expect(page).toHaveTitle(`${content.title} | SpareFinder NG`);
      const main = page.getByRole('main');
      for (const s of sections)
        await expect(
          main.getByRole('heading', { level: 2, name: s.heading, exact: true }),
        ).toBeVisible();
    }
  });

  test('the FAQ is a list of questions that open to their answers', async ({ page }) => {
    await page.goto('/static/faq');
    const question = page.locator('details').filter({ hasText: 'What does Tokunbo mean?' });
    await expect(question.getByText(/Tokunbo means foreign-used/)).toBeHidden();
    await question.getByText('What does Tokunbo mean?').click();
    await expect(question.getByText(/Tokunbo means foreign-used/)).toBeVisible();
    await expect(question).toHaveAttribute('open', '');
  });

  test('an unknown slug is the 404 page', async ({ page }) => {
    expect((await page.goto('/static/no-such-page'))?.status()).toBe(404);
    await expect(page.getByText('Page not found: /static/no-such-page')).toBeVisible();
  });
});

test.describe('newsletter', () => {
  test('footer box: invalid, valid and repeat (with JavaScript)', async ({ page }) => {
    await page.goto('/static/about-us');
    await hydrated(page);
    const box = newsletter(page).getByLabel('Your e-mail address');
    const subscribe = newsletter(page).getByRole('button', { name: 'Subscribe' });
    await box.fill('not-an-email');
    await subscribe.click();
    await expect(
      page.locator('[data-toast="error"]').filter({ hasText: 'Please Enter a Valid Email' }),
    ).toBeVisible();

    const email = unique('news');
    await box.fill(email);
    await subscribe.click();
    const thanks = page
      .locator('[data-toast="success"]')
      .filter({ hasText: 'Thank You for Subscribing to our Newsletter' });
    await expect(thanks).toHaveCount(1);
    await expect(box).toHaveValue('');
    await thanks.getByRole('button', { name: 'Dismiss' }).click();
    await expect(thanks).toHaveCount(0);
    // The same address again (other case): not an error, the same thanks.
    await box.fill(email.toUpperCase());
    await subscribe.click();
    await expect(thanks).toHaveCount(1);
    await expect(
      page.locator('[data-toast="error"]').filter({ hasText: 'Could not subscribe' }),
    ).toHaveCount(0);
    await expect(page).toHaveURL(/\/static\/about-us$/);
  });

  test('footer box works without JavaScript', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/blogs?category=safety');
    await newsletter(page).getByLabel('Your e-mail address').fill('nope');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/blogs\?category=safety&newsletter=invalid#newsletter$/);
    await expect(newsletter(page).getByRole('status')).toHaveText('Please Enter a Valid Email');
    await newsletter(page).getByLabel('Your e-mail address').fill(unique('nojs'));
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/blogs\?category=safety&newsletter=ok#newsletter$/);
    await expect(newsletter(page).getByRole('status')).toHaveText(
      'Thank You for Subscribing to our Newsletter',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Safety' })).toBeVisible();
    await ctx.close();
  });
});

test.describe('contact us', () => {
  const field = (page: Page, label: string | RegExp) =>
    page.getByRole('main').getByLabel(label, { exact: true });
  const fill = async (page: Page, name: string) => {
    await field(page, 'Your name').fill(name);
    await field(page, 'E-mail').fill(unique('contact'));
    await field(page, /^Phone/).fill('0803 123 4567');
    await field(page, 'Subject').fill('Wrong side delivered');
    await field(page, 'Message').fill(
      'I ordered a left headlamp for a 2012 Corolla and received a right one.',
    );
  };

  test('shows errors beside the fields, then confirms (with JavaScript)', async ({ page }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    await field(page, 'E-mail').fill('bad');
    await field(page, 'Message').fill('short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
    await expect(field(page, 'Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Your name is required')).toBeVisible();
    await expect(page.getByText('Please Enter a Valid Email')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(field(page, 'E-mail')).toHaveValue('bad');
    await fill(page, 'Bola JS');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact-us\?sent=1$/);
  });

  test('works without JavaScript', async ({ browser }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Your name is required')).toBeVisible();
    await fill(page, 'Bola NoJS');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact-us\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await ctx.close();
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/blogs',
    '/blogs/blog/how-to-spot-fake-brake-pads',
    '/static/faq',
    '/contact-us',
  ]) {
    test(`${path} has no serious or critical violations`, async ({ page }, info) => {
      // Text pages: one column at any width, so what axe checks (contrast, names, landmarks) is
      // the same at both sizes; the phone, where most readers are, is enough.
      test.skip(info.project.name !== 'phone', 'the same checks at both sizes: phone only');
      test.setTimeout(60_000);
      await page.goto(path);
      await hydrated(page);
      await expectAccessible(page);
    });
  }
});
