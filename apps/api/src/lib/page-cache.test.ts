import { describe, expect, it } from 'vitest';
import { createPageCache, materialize, type RenderedPage } from './page-cache.ts';

const page = (body: string, status = 200, headers: [string, string][] = []): RenderedPage => ({
  status,
  headers,
  body: Buffer.from(body),
});

describe('page cache', () => {
  it('renders once within the TTL and gives every answer its own nonce', async () => {
    let t = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => t });
    const ph = cache.placeholder;
    let renders = 0;
    const render = async () => (
      renders++,
      page(`<script nonce="${ph}">a</script><b>${ph}</b>`, 200, [
        ['content-security-policy', `script-src 'nonce-${ph}'`],
      ])
    );
    const first = await cache.get('/x', render);
    const second = await cache.get('/x', render);
    expect(renders).toBe(1);
    expect([first?.hit, second?.hit]).toEqual([false, true]);
    const a = materialize(second!.page, 'NONCE1');
    expect(a.body.toString()).toBe('<script nonce="NONCE1">a</script><b>NONCE1</b>');
    expect(a.headers).toEqual([['content-security-policy', "script-src 'nonce-NONCE1'"]]);
    expect(materialize(second!.page, 'N2').body.toString()).not.toContain('NONCE1');
    // Past the TTL: the old copy is served while one render replaces it in the background.
    t = 1001;
    const stale = await cache.get('/x', async () => (renders++, page(`v2 ${ph}`)));
    expect(stale?.hit).toBe(true);
    expect(materialize(stale!.page, 'N').body.toString()).toContain('<b>N</b>');
    await new Promise((r) => setTimeout(r, 0));
    expect(renders).toBe(2);
    expect(materialize((await cache.get('/x', render))!.page, 'N').body.toString()).toBe('v2 N');
    // Past two TTLs: too old to serve, rendered while the visitor waits.
    t = 5000;
    const late = await cache.get('/x', async () => (renders++, page('v3')));
    expect([late?.hit, late?.page.body.join('')]).toEqual([false, 'v3']);
  });

  it('shares one render between concurrent misses', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = () =>
      new Promise<RenderedPage>((r) => setTimeout(() => (renders++, r(page('p'))), 10));
    const got = await Promise.all([
      cache.get('/y', render),
      cache.get('/y', render),
      cache.get('/y', render),
    ]);
    expect(renders).toBe(1);
    expect(got.every((g) => g?.page.body.join('') === 'p')).toBe(true);
  });

  it('keeps only 200 answers without Set-Cookie, and a cookie answer goes to its own visitor only', async () => {
    const cache = createPageCache();
    let renders = 0;
    await cache.get('/404', async () => (renders++, page('nope', 404)));
    await cache.get('/404', async () => (renders++, page('nope', 404)));
    expect(renders).toBe(2);
    const slowCookie = () =>
      new Promise<RenderedPage>((r) =>
        setTimeout(() => r(page('c', 200, [['set-cookie', 'a=1']])), 10),
      );
    const [mine, waiter] = await Promise.all([
      cache.get('/c', slowCookie),
      cache.get('/c', slowCookie),
    ]);
    expect(mine?.page.body.join('')).toBe('c');
    expect(waiter).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('clear() forgets every page, and a render that overlapped a write is served but not kept', async () => {
    const cache = createPageCache();
    let renders = 0;
    await cache.get('/z', async () => (renders++, page('v1')));
    cache.clear();
    const during = cache.get(
      '/z',
      () => new Promise<RenderedPage>((r) => setTimeout(() => (renders++, r(page('v2'))), 10)),
    );
    cache.clear(); // a write lands while the page renders
    expect((await during)?.page.body.join('')).toBe('v2');
    await cache.get('/z', async () => (renders++, page('v3')));
    expect(renders).toBe(3);
  });

  it('stays within its byte budget, dropping the least recently used page', async () => {
    const cache = createPageCache({ maxBytes: 8 * 100 });
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      await cache.get(k, async () => page('x'.repeat(100)));
    await cache.get('a', async () => page('x'.repeat(100))); // a is used again
    await cache.get('i', async () => page('x'.repeat(100)));
    expect(cache.size).toBe(8);
    let rendered = false;
    await cache.get('a', async () => ((rendered = true), page('x')));
    expect(rendered).toBe(false);
    await cache.get('b', async () => ((rendered = true), page('x'.repeat(100))));
    expect(rendered).toBe(true);
  });

  it('never replaces text a visitor wrote, only its own secret placeholder', async () => {
    const cache = createPageCache();
    const got = await cache.get('/q', async () =>
      page('nonce-looking text: abcdefghijklmnopqrstuv=='),
    );
    expect(materialize(got!.page, 'N').body.toString()).toBe(
      'nonce-looking text: abcdefghijklmnopqrstuv==',
    );
  });
});
