import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * A phone number for a new account: numbers are unique per account, and the phone and desktop
 * runs (and reruns on the same demo database) each register their own.
 */
export const uniquePhone = () => `0809${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Swipes right by `dx` pixels over an element with real touch events. */
export async function swipeRight(page: Page, selector: string, dx: number) {
  await page.locator(selector).evaluate((el, dx) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    const x0 = r.left + 20;
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
    el.dispatchEvent(
      new TouchEvent('touchstart', {
        bubbles: true,
        touches: [touch(x0)],
        changedTouches: [touch(x0)],
      }),
    );
    el.dispatchEvent(
      new TouchEvent('touchmove', {
        bubbles: true,
        touches: [touch(x0 + dx)],
        changedTouches: [touch(x0 + dx)],
      }),
    );
    el.dispatchEvent(
      new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(x0 + dx)] }),
    );
  }, dx);
}

/** axe-core: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** Waits until React has hydrated the page (event handlers attached). */
export async function hydrated(page: Page) {
  // Bounded, so a page that never hydrates fails here by name instead of at the test's timeout.
  await page.waitForFunction(
    // root.tsx marks <html data-hydrated> once React has hydrated the page and listens.
    () =>
      document.documentElement.dataset.hydrated !== undefined && document.readyState === 'complete',
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * A page of the demo seller, signed in through the API in its own browser context (the same
 * viewport as `page`), with script errors, hydration mismatches and CSP refusals collected
 * into `problems` for the spec to check.
 */
/** The demo accounts' password (apps/api seed). */
export const DEMO_PASSWORD = 'demo1234';
/** The phone size of DESIGN: what a spec pins when its own context must be a phone. */
export const PHONE = { width: 360, height: 740 };

/** Signs a page's (or a context's) cookies in as `email` through the API. */
export async function signIn(
  target: { request: APIRequestContext },
  email: string,
  password = DEMO_PASSWORD,
) {
  const r = await target.request.post('/api/auth/login', { data: { email, password } });
  expect(r.status(), `log in as ${email}`).toBe(200);
}

/**
 * A browser context of its own, signed in as `email`: another person beside the spec's page.
 * The project's viewport unless one is given.
 */
export async function signedInContext(
  browser: Browser,
  email: string,
  opts: { viewport?: { width: number; height: number } | null; javaScript?: boolean } = {},
) {
  const use = test.info().project.use;
  const ctx = await browser.newContext({
    baseURL: use.baseURL,
    viewport: opts.viewport ?? use.viewport ?? PHONE,
    javaScriptEnabled: opts.javaScript ?? true,
  });
  await signIn(ctx, email);
  return ctx;
}

/**
 * A page signed in as `email` in a context of its own (the same viewport as `page`), with
 * script errors, hydration mismatches and CSP refusals collected into `problems` for the spec
 * to check.
 */
export async function signedInPage(
  browser: Browser,
  page: Page,
  email: string,
  problems: string[],
  javaScript = true,
) {
  const ctx = await signedInContext(browser, email, { viewport: page.viewportSize(), javaScript });
  const p = await ctx.newPage();
  collectProblems(p, problems);
  return p;
}

/** Collects the page's script errors, hydration mismatches and CSP refusals into `problems`. */
export function collectProblems(page: Page, problems: string[] = []) {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /Content Security Policy|hydrat|Minified React error/i.test(m.text())
    )
      problems.push(m.text());
  });
  return problems;
}

/** The demo seller's page (see signedInPage). */
export const demoSellerPage = (
  browser: Browser,
  page: Page,
  _baseURL: string,
  problems: string[],
  javaScript = true,
) => signedInPage(browser, page, 'seller@demo.ng', problems, javaScript);

/**
 * Opens the account menu (desktop dropdown or phone side menu) and returns where its items are.
 * A single tap is enough: a menu opened while a navigation's page is still being drawn stays open.
 */
export async function openAccountMenu(page: Page) {
  const phone = isPhone(page);
  const menu = phone
    ? page.getByRole('dialog', { name: 'Menu' })
    : page.locator('header details[data-testid="accounts-menu"] ul');
  const opener = phone
    ? page.getByRole('button', { name: 'Open menu' })
    : page.locator('header details[data-testid="accounts-menu"] summary');
  // A spec may call it while the menu is still open from its previous look.
  if (!(await menu.isVisible())) await opener.click();
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * The Chat entry a person can see: in the header, or in the bottom bar of a signed-in phone user
 * (the page holds both; one of them is hidden at each size).
 */
export const chatButton = (page: Page) => page.getByTestId('chat-button').filter({ visible: true });

/**
 * Pictures for a person to look at (`npm run test:e2e`): the first screen, and with `full` the
 * whole page too, in /tmp/shots/<spec>-<name>-<project>.png. None on CI: nobody looks there,
 * and each costs a second or more of a busy machine.
 */
export async function shot(page: Page, name: string, opts: { full?: boolean } = {}) {
  if (process.env.CI) return;
  const info = test.info();
  const dir = '/tmp/shots';
  const base = `${dir}/${path.basename(info.file, '.spec.ts')}-${name}-${info.project.name}`;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${base}.png` });
  // A phone draws a list's cards as they are scrolled near (`.list-cell`, content-visibility); one
  // picture of the whole page has no scrolling, so every card is drawn for it.
  if (opts.full)
    await page.screenshot({
      path: `${base}-full.png`,
      fullPage: true,
      style: '.list-cell{content-visibility:visible}',
    });
}
