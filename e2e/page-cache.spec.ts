import { expect, test } from '@playwright/test';
import { hydrated } from './helpers.ts';

// Guests share a server-rendered page for a few seconds (apps/api/src/lib/page-cache.ts).
const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
const unique = (name: string) =>
  `/spares-parts?cachetest=${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
// Other tests running beside these sign in and post, and every write clears the cache, so a 'hit'
// is awaited (a few tries) rather than assumed after one request.
async function untilHit<T>(get: () => Promise<T>, cache: (r: T) => string | undefined): Promise<T> {
  for (let i = 0; i < 8; i++) {
    const r = await get();
    if (cache(r) === 'hit') return r;
  }
  throw new Error('never served from the cache');
}

test.describe('guest page cache', () => {
  test('a guest gets the cached page again, with a fresh CSP nonce that matches its scripts', async ({
    request,
  }) => {
    const url = unique('nonce');
    const first = await request.get(url);
    expect(first.headers()['x-page-cache']).toBe('miss');
    const second = await untilHit(
      () => request.get(url),
      (r) => r.headers()['x-page-cache'],
    );
    const [n1, n2] = [
      nonceOf(first.headers()['content-security-policy']),
      nonceOf(second.headers()['content-security-policy']),
    ];
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    const [h1, h2] = [await first.text(), await second.text()];
    expect(h2).toContain(`nonce="${n2}"`);
    expect(h2).not.toContain(n1!);
    expect(h2.replaceAll(n2!, 'N')).toBe(h1.replaceAll(n1!, 'N'));
  });

  test('a cached page served compressed still runs its scripts in the browser', async ({
    page,
    request,
  }) => {
    const url = unique('browser');
    await request.get(url); // puts it in the cache
    const res = await untilHit(
      () => page.goto(url),
      (r) => r?.headers()['x-page-cache'],
    );
    expect(res?.headers()['content-encoding']).toMatch(/br|gzip/);
    await hydrated(page); // scripts blocked by a wrong nonce would never hydrate
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('a signed-in visitor is never served the guest copy', async ({ page }) => {
    const url = unique('signed-in');
    await page.request.get(url);
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'buyer@demo.ng', password: 'demo1234' },
    });
    expect(login.status()).toBe(200);
    const res = await page.goto(url);
    expect(res?.headers()['x-page-cache']).toBeUndefined();
    await expect(page.locator('header details[data-testid="accounts-menu"] summary')).toContainText(
      'Chinedu',
    );
  });

  test('any accepted write clears the cache', async ({ request }) => {
    const url = unique('write');
    await untilHit(
      () => request.get(url),
      (r) => r.headers()['x-page-cache'],
    );
    const sub = await request.post('/api/email/contact-list/newsletter', {
      data: { emailAddress: `cache-${Date.now()}@example.com` },
    });
    expect(sub.ok()).toBe(true);
    expect((await request.get(url)).headers()['x-page-cache']).toBe('miss');
  });
});
