import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@sf/db';
import { dbLabel } from './test/helper.ts';
import {
  LONG,
  SHORT,
  SOME,
  admin,
  app,
  base,
  buyer,
  fill,
  fire,
  formFields,
  get,
  hasAction,
  otherFormTargets,
  pageRoutes,
  queryNames,
  unhandled,
  useWebServer,
  type Probe,
} from './test/web-server.ts';

// The real server: the API and the built web app, listening on a port, reached over HTTP.
/** Session lookups (SELECT … FROM "sessions") the database has answered. */
let sessionQueries = 0;

/** Counts the session lookups reaching the database driver (PGlite or node-postgres alike). */
function countSessionQueries(db: DbHandle['db']) {
  const client = (db as any).$client;
  const query = client.query.bind(client);
  client.query = (...args: any[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String(args[0]?.text ?? '');
    if (/^\s*select\b[\s\S]*\bfrom "sessions"/i.test(text)) sessionQueries++;
    return query(...args);
  };
}

useWebServer({
  onDb: countSessionQueries,
  // A route answering with headers Node refuses to write, as a faulty route would.
  routes: (app) =>
    app.get('/api/test/bad-headers', async (req, reply) => {
      const q = req.query as { stream?: string };
      reply.header('location', '/\x1b').header('x-note', 'caf\u20ac');
      return q.stream ? reply.send(Readable.from(['a', 'b'])) : reply.code(302).send();
    }),
});

describe(`hostile values on every page and form (${dbLabel()})`, () => {
  it('reads the pages, their parameters and their forms from the sources', () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['', 'auth/login', 'auth/register', 'product/:id']),
    );
    expect(routes.filter(hasAction).map((r) => r.path)).toEqual(
      expect.arrayContaining(['auth/login', 'auth/register', 'contact-us']),
    );
    expect(queryNames()).toEqual(expect.arrayContaining(['redirectTo', 'lastId', 'vin']));
    expect(otherFormTargets().map((f) => f.url)).toContain('/api/email/contact-list/newsletter');
  });

  it('answers every page and page-data request below 500 and keeps serving', async () => {
    const names = queryNames();
    const probes: Probe[] = [];
    for (const r of pageRoutes()) {
      const signedIn = r.path.startsWith('admin') ? admin : buyer;
      const own = new Set(r.sources.flatMap((s) => formFields(s)));
      const hasParams = /[:*]/.test(r.path);
      for (const v of [...SHORT, LONG]) {
        // Path parameters and every query parameter at once; the long value only in redirectTo
        // (all of them would pass the header size limit) and on its own in the path.
        const query = v === LONG ? `redirectTo=${v}` : names.map((n) => `${n}=${v}`).join('&');
        const page = fill(r.path, v === LONG ? '1' : v);
        const dataUrl = `${page === '/' ? '/_root' : page}.data`;
        for (const cookie of [undefined, signedIn]) {
          probes.push({ method: 'GET', url: `${page}?${query}`, cookie });
          if (v === LONG || SOME.includes(v))
            probes.push({ method: 'GET', url: `${dataUrl}?${query}`, cookie });
          if (v === LONG && hasParams) probes.push({ method: 'GET', url: fill(r.path, v), cookie });
        }
      }
      // The long value once in each parameter this page reads itself.
      for (const n of names.filter(
        (n) => r.sources.some((s) => s.includes(`'${n}'`)) || own.has(n),
      ))
        probes.push({ method: 'GET', url: `${fill(r.path, '1')}?${n}=${LONG}`, cookie: signedIn });
    }
    const failures = await fire(probes);
    console.log(`${probes.length} hostile requests`);
    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 300_000);

  it('sends a signed-in visitor from the login page to a safe target only', async () => {
    for (const v of SHORT) {
      const res = await get(`/auth/login?redirectTo=${v}`, buyer);
      expect(res.status, v).toBe(302);
      expect(res.headers.get('location'), v).toBe('/');
    }
    const ok = await get('/auth/login?redirectTo=%2Fuser%2Fprofile%3Ftab%3D1', buyer);
    expect(ok.headers.get('location')).toBe('/user/profile?tab=1');
  });
});

describe(`errors while writing an answer (${dbLabel()})`, () => {
  it('a header Node refuses is logged and answered with a 500, and the server keeps serving', async () => {
    for (const url of ['/api/test/bad-headers', '/api/test/bad-headers?stream=1']) {
      const res = await get(url);
      expect(res.status, url).toBe(500);
      expect(((await res.json()) as any).code, url).toBe('INTERNAL');
      expect(res.headers.get('location'), url).toBeNull();
      expect((await get('/api/health')).status).toBe(200);
    }
    expect(unhandled).toEqual([]);
  });
});

describe(`what a first paint waits for (${dbLabel()})`, () => {
  it('no icon is preloaded ahead of the stylesheet, and the home page paints once its hero is parsed', async () => {
    for (const path of ['/', '/mechanics', '/spares-parts']) {
      const html = await (await get(path)).text();
      const head = html.slice(0, html.indexOf('rel="stylesheet"'));
      expect(head.length, path).toBeGreaterThan(0);
      // Category icons and provider logos: fetched with the page, never ahead of its CSS.
      expect(head, path).not.toMatch(/rel="preload" as="image" href="\/images\/(categories|sp)\//);
    }
    const home = await (await get('/')).text();
    expect(home).toMatch(/<link[^>]*rel="expect" href="#hero" blocking="render"/);
    expect(home).toContain('<section id="hero"');
  });
});

describe(`page data answers carry the page's headers (${dbLabel()})`, () => {
  const expectSecurityHeaders = (res: Response, what: string) => {
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy'), what).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security'), what).toMatch(/max-age=\d+/);
  };

  it('signed-in pages and their data: security headers, HSTS and private, no-store', async () => {
    const signedIn: [string, string][] = [
      ['/user/profile', buyer],
      ['/user/profile.data', buyer],
      ['/user/profile.data?_routes=root', buyer],
      ['/user/cars.data', buyer],
      ['/_root.data', buyer],
      ['/spares-parts.data', buyer],
      ['/admin/products', admin],
      ['/admin/products.data', admin],
      ['/admin/cedstore.data', admin],
      ['/admin/mechanics.data', admin],
      ['/admin/categories.data', admin],
    ];
    for (const [url, cookie] of signedIn) {
      const res = await get(url, cookie);
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res, url);
      expect(res.headers.get('cache-control'), url).toBe('private, no-store');
    }
  });

  it("guests' page data: the same security headers, never stored publicly", async () => {
    for (const url of ['/spares-parts.data', '/_root.data', '/blogs.data', '/auth/login.data']) {
      const res = await get(url);
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res, url);
      expect(res.headers.get('cache-control'), url).not.toMatch(/public/);
    }
    // A guest sent to the login page by a guarded page's data request.
    const guarded = await get('/user/profile.data');
    await guarded.arrayBuffer();
    expectSecurityHeaders(guarded, '/user/profile.data (guest)');
  });
});

describe(`one session lookup per signed-in page (${dbLabel()})`, () => {
  it('looks the session up once per page, page data or form post, whatever the page calls', async () => {
    const cases: [string, string][] = [
      ['/user/profile', buyer],
      ['/user/profile.data', buyer],
      ['/user/cars', buyer],
      ['/', buyer],
      ['/spares-parts', buyer],
      ['/admin/products', admin],
      ['/admin/cedstore', admin],
    ];
    for (const [url, cookie] of cases) {
      sessionQueries = 0;
      const res = await get(url, cookie);
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      expect(sessionQueries, url).toBe(1);
    }
    // A guest's page needs no lookup at all.
    sessionQueries = 0;
    await (await get('/user/profile')).arrayBuffer();
    await (await get('/spares-parts?q=brake')).arrayBuffer();
    expect(sessionQueries).toBe(0);
  });

  it('a pass from another request, or a forged one, is never taken for a session', async () => {
    const forged = await fetch(`${base}/api/auth/dszauth`, {
      headers: { 'x-sf-session-pass': 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(((await forged.json()) as any).user.isauthenticated).toBe(false);
    // Even a live pass does not work from outside the process.
    const pass = app.sessionPass({
      id: '00000000-0000-0000-0000-000000000000',
      name: 'Nobody',
      email: 'n@x.ng',
      phone: '',
      role: 'Admin',
      sessionId: 'x',
    });
    try {
      const outside = await fetch(`${base}/api/auth/dszauth`, {
        headers: { [pass.header[0]]: pass.header[1] },
      });
      expect(((await outside.json()) as any).user.isauthenticated).toBe(false);
      const inside = await app.inject({
        url: '/api/auth/dszauth',
        headers: { [pass.header[0]]: pass.header[1] },
      });
      expect(inside.json().user.name).toBe('Nobody');
    } finally {
      pass.revoke();
    }
    const revoked = await app.inject({
      url: '/api/auth/dszauth',
      headers: { [pass.header[0]]: pass.header[1] },
    });
    expect(revoked.json().user.isauthenticated).toBe(false);
  });
});
