import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  expectAccessible,
  hydrated,
  isPhone,
  openAccountMenu,
  signIn,
  uniquePhone,
} from './helpers.ts';

// The machine running the suite is small and shared: give each flow room.
test.describe.configure({ timeout: 90_000 });

const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.ng`;

async function signOut(page: Page) {
  const menu = await openAccountMenu(page);
  await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/auth/logout') && r.request().method() === 'POST',
    ),
    menu.getByRole('button', { name: 'Sign out' }).click(),
  ]);
  await expect(page).toHaveURL(/\/$/);
  // The header shows the guest state once the root loader has re-checked the session.
  await expect(page.locator('header details[data-testid="accounts-menu"] summary')).toContainText(
    'Accounts',
  );
  if (isPhone(page)) await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  const after = await openAccountMenu(page);
  await expect(after.getByRole('link', { name: 'Login' })).toBeVisible();
}

test.describe('accounts', () => {
  test('register as a Seller → sign out → log in → sign out; the cart, coupons and current item are cleared', async ({
    page,
  }, info) => {
    const email = uniqueEmail(info, 'seller');
    // Phone first (decision 0029): the e-mail form is one link away.
    await page.goto('/auth/register?with=email');
    await hydrated(page);
    await expectAccessible(page);
    await page.getByRole('radio', { name: /^Seller/ }).check();
    await page.getByRole('main').getByLabel('Store name').fill('Ladipo Brake House');
    await page.getByRole('main').getByLabel('Full name').fill('Tunde Bakare');
    await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Phone number').fill(uniquePhone());
    await page
      .getByRole('main')
      .getByLabel('Password', { exact: true })
      .fill('Brake-pads-for-Camry-09');
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new business lands on its setup page.
    await expect(page).toHaveURL(/\/user\/store$/);
    let menu = await openAccountMenu(page);
    for (const item of ['Profile', 'My Orders', 'Store', 'Products', 'My Store Dashboard']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Subscription', exact: true })).toBeVisible();
    await page.goto('/');
    await hydrated(page);
    // Signed-in state in storage, then sign out clears it (cart, coupons, current item).
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sf:state') ?? '{}');
      s.userCart = {
        cart_id: 'c1',
        items: [{ prod_id: 1, name: 'Brake pad', price: 15000, sales: null, qty: 1 }],
      };
      s.coupons = ['LAGOS10'];
      s.currentItem = [{ prod_id: 1 }];
      localStorage.setItem('sf:state', JSON.stringify(s));
    });
    await page.reload();
    await hydrated(page);
    await signOut(page);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('sf:state') ?? '{}')))
      .toMatchObject({
        userCart: { items: [] },
        coupons: [],
        currentItem: [],
        user: { isauthenticated: false, role: 'guest' },
      });

    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByRole('main').getByLabel('E-mail or phone number').fill(email);
    await page
      .getByRole('main')
      .getByLabel('Password', { exact: true })
      .fill('Brake-pads-for-Camry-09');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Store Dashboard' })).toBeVisible();
    await signOut(page);
  });

  test('signs in with the phone number as typed (spaces, +234), or says what is wrong', async ({
    page,
  }, info) => {
    const phone = uniquePhone();
    const password = 'Danfo-yellow-bus-23';
    const reg = await page.request.post('/api/auth/register', {
      data: {
        name: 'Tunde Bakare',
        email: uniqueEmail(info, 'tel'),
        phone,
        password,
        role: 'Buyer',
      },
    });
    expect(reg.status()).toBe(201);
    await page.context().clearCookies();
    await page.goto('/auth/login');
    await hydrated(page);
    const login = page.getByRole('main').getByLabel('E-mail or phone number');
    await login.fill('080 not a number');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/Enter a valid e-mail address .* or phone number/)).toBeVisible();
    await expectAccessible(page);
    // As people write it: 0809 123 4567.
    await login.fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await signOut(page);
  });

  // [account, items shown, the role's items whose pages are not built yet (not shown)]
  const ROLE_MENUS: [string, string[], string[]][] = [
    ['buyer@demo.ng', ['Profile'], []],
    [
      'seller@demo.ng',
      [
        'Store',
        'Subscription',
        'Products',
        'Add Product',
        'Store orders',
        'My Store Dashboard',
        'Profile',
      ],
      [],
    ],
    ['mechanic@demo.ng', ['Workshop', 'Subscription', 'My Workshop Dashboard', 'Profile'], []],
    ['towvan@demo.ng', ['Garage', 'Subscription', 'My Garage Dashboard', 'Profile'], []],
    ['admin@demo.ng', ['Admin', 'Profile'], []],
  ];
  for (const [email, items, unbuilt] of ROLE_MENUS) {
    test(`the menu of ${email} shows its role's items, My Orders and Sign out`, async ({
      page,
    }) => {
      await signIn(page, email);
      await page.goto('/');
      await hydrated(page);
      const menu = await openAccountMenu(page);
      for (const item of [...items, 'My Orders', 'My cars'])
        await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
      for (const item of unbuilt)
        await expect(menu.getByRole('link', { name: item, exact: true })).toHaveCount(0);
      // Every link shown opens a page (no 'Page not found').
      for (const href of await menu
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
        expect((await page.request.get(href)).status(), href).toBe(200);
      await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await signOut(page);
    });
  }

  test('a wrong password says "Incorrect e-mail, phone number or password" beside an alert', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByRole('main').getByLabel('E-mail or phone number').fill('buyer@demo.ng');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Incorrect e-mail, phone number or password' })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});

test.describe('guards', () => {
  test('/user/profile sends a guest to log in with "You are not logged in", then back', async ({
    page,
  }) => {
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser%2Fprofile&reason=login/);
    await expect(page.getByText('You are not logged in').first()).toBeVisible();
    await hydrated(page);
    await expect(
      page.locator('[data-toast]').filter({ hasText: 'You are not logged in' }),
    ).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail or phone number').fill('buyer@demo.ng');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue('Chinedu Okafor');
    // Signed in now: the guard's toast went with the login page (toasts last 10 s otherwise).
    await expect(
      page.locator('[data-toast]').filter({ hasText: 'You are not logged in' }),
    ).toHaveCount(0);
  });

  test('/shopping/cart: after signing in, "You are not logged in" is gone', async ({ page }) => {
    await page.goto('/shopping/cart');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshopping%2Fcart&reason=login/);
    await hydrated(page);
    const stale = page.locator('[data-toast]').filter({ hasText: 'You are not logged in' });
    await expect(stale).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail or phone number').fill('buyer@demo.ng');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/shopping\/cart$/);
    await expect(stale).toHaveCount(0);
    await expect(page.getByText('You are not logged in')).toHaveCount(0);
  });

  test('/broadcast says "Please login to access this feature."', async ({ page }) => {
    await page.goto('/broadcast');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fbroadcast&reason=broadcast/);
    await expect(page.getByText('Please login to access this feature.').first()).toBeVisible();
  });

  test('a guest navigating in the app to /user/orders gets the alert and the login page', async ({
    page,
  }) => {
    await page.goto('/auth/register');
    await hydrated(page);
    // Client-side navigation through the router (no full page load).
    await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate('/user/orders'));
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fuser%2Forders&reason=login/);
    await expect(
      page.locator('[data-toast]').filter({ hasText: 'You are not logged in' }),
    ).toBeVisible();
  });

  test('admin pages: guest → login, other roles → 403, Admin sees real lists', async ({ page }) => {
    await page.goto('/admin/products/cat/1');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fproducts%2Fcat%2F1/);
    await signIn(page, 'seller@demo.ng');
    const denied = await page.goto('/admin/cedstore');
    expect(denied?.status()).toBe(403);
    await expect(page.getByText('Only administrators can open this')).toBeVisible();
    await signIn(page, 'admin@demo.ng');
    await page.goto('/admin/cedstore');
    await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Ladipo Genuine Parts' })).toBeVisible();
    await page.goto('/admin/categories');
    await expect(page.getByRole('link', { name: 'Brakes' })).toBeVisible();
    await page.getByRole('link', { name: 'Brakes' }).click();
    await expect(page.getByRole('heading', { name: 'Brakes', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Brake Pads' })).toBeVisible();
    for (const path of [
      '/admin/products',
      '/admin/products/viewprods',
      '/admin/mechanics',
      '/admin/categories/parentcategories',
      '/admin/audit',
    ]) {
      const r = await page.goto(path);
      expect(r?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('password reset', () => {
  test('request a link, follow it from the outbox, choose a new password (once), log in with it', async ({
    page,
  }, info) => {
    const email = uniqueEmail(info, 'reset');
    const reg = await page.request.post('/api/auth/register', {
      data: {
        name: 'Bisi Alade',
        email,
        phone: uniquePhone(),
        password: 'Old-Keke-Napep-44',
        role: 'Buyer',
      },
    });
    expect(reg.status()).toBe(201);
    await page.context().clearCookies();
    await page.goto('/auth/passwordreset');
    await hydrated(page);
    await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for this e-mail/)).toBeVisible();
    let link = '';
    await expect
      .poll(async () => {
        const r = await page.request.get(`/api/test/outbox/latest?to=${encodeURIComponent(email)}`);
        link = r.ok() ? (await r.json()).item.link : '';
        return link;
      })
      .toMatch(/\/auth\/passwordreset\?token=/);
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await hydrated(page);
    await page
      .getByRole('main')
      .getByLabel('New password', { exact: true })
      .fill('New-Okada-Route-77');
    await page.getByRole('main').getByLabel('New password again').fill('New-Okada-Route-77');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?reset=1/);
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail or phone number').fill(email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('New-Okada-Route-77');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The link works once.
    await page.context().clearCookies();
    await page.goto(path);
    await page
      .getByRole('main')
      .getByLabel('New password', { exact: true })
      .fill('Third-Try-Password-1');
    await page.getByRole('main').getByLabel('New password again').fill('Third-Try-Password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'invalid, already used or expired' }).first(),
    ).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test('register (with field errors first), sign out and log in work as plain forms', async ({
    browser,
  }, info) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const email = uniqueEmail(info, 'nojs');
    await page.goto('/auth/register?with=email');
    await page.getByRole('radio', { name: /^Mechanic/ }).check();
    await expect(page.getByRole('main').getByLabel('Workshop name')).toBeVisible();
    await page.getByRole('main').getByLabel('Full name').fill('E');
    await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(
      page.getByText('Enter a valid e-mail address, like ada@example.com'),
    ).toBeVisible();
    await expect(page.getByText('Enter your phone number')).toBeVisible();
    await expect(page.getByText('Enter your workshop name')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('E-mail', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('main').getByLabel('Workshop name').fill('Ikeja Auto Clinic');
    await page.getByRole('main').getByLabel('Full name').fill('Emeka Obi');
    await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Phone number').fill(uniquePhone());
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/too common/)).toBeVisible();
    await page
      .getByRole('main')
      .getByLabel('Password', { exact: true })
      .fill('Gearbox-Oil-Change-12');
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new workshop lands where it gets listed, with what registration said filled in.
    await expect(page).toHaveURL(/\/user\/workshop$/);
    await expect(page.getByText('Your workshop is not listed yet')).toBeVisible();
    await expect(page.getByLabel('Business name')).toHaveValue('Ikeja Auto Clinic');
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(page.getByText('Mechanic account · Ikeja Auto Clinic')).toBeVisible();

    await page.goto('/auth/logout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByText('You are not logged in')).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail or phone number').fill(email);
    await page
      .getByRole('main')
      .getByLabel('Password', { exact: true })
      .fill('Wrong-password-here');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Incorrect e-mail, phone number or password')).toBeVisible();
    await page
      .getByRole('main')
      .getByLabel('Password', { exact: true })
      .fill('Gearbox-Oil-Change-12');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await ctx.close();
  });
});

test.describe('profile and bottom bar', () => {
  test('a user edits name and phone on /user/profile', async ({ page }, info) => {
    const email = uniqueEmail(info, 'profile');
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: {
            name: 'Kemi Ade',
            email,
            phone: uniquePhone(),
            password: 'Jollof-Rice-Sunday-1',
            role: 'Buyer',
          },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/user/profile');
    await hydrated(page);
    await page.getByRole('main').getByLabel('Full name').fill('Kemi Adeyemi');
    const phone = uniquePhone();
    await page.getByRole('main').getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details are saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByLabel('Full name')).toHaveValue('Kemi Adeyemi');
    await expect(page.getByRole('main').getByLabel('Phone number')).toHaveValue(
      `+234${phone.slice(1)}`,
    );
    await expectAccessible(page);
  });

  test('signed-in phone users get the bottom bar with their shortcuts', async ({ page }) => {
    // Skipped on purpose in the desktop project: this behaviour exists (or is budgeted) on phones only.
    test.skip(!isPhone(page), 'the bottom bar is for phones');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toHaveCount(0);
    await signIn(page, 'seller@demo.ng');
    await page.goto('/');
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Shortcuts' });
    await expect(bar).toBeVisible();
    for (const l of ['Home', 'Store', 'Add', 'Orders', 'Profile'])
      await expect(bar.getByRole('link', { name: l, exact: true })).toBeVisible();
    await bar.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/store\/product\/0$/);
    await expect(page.getByRole('heading', { name: 'Add a product', level: 1 })).toBeVisible();
    // A seller's Orders are the store's orders (their own purchases are under My Orders).
    await bar.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/user\/store\/orders$/);
    await expect(page.getByRole('heading', { name: 'Store orders', level: 1 })).toBeVisible();
  });
});
