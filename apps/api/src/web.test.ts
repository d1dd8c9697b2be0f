import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from './app.ts';
import { createUser } from './test/factories.ts';
import { dbLabel } from './test/helper.ts';
import { registerWeb, webBuildDir } from './web.ts';

// The real server: the API and the built web app, listening on a port, reached over HTTP.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB = path.join(ROOT, 'apps/web/app');
const PUBLIC_URL = 'https://sparefinder.test';

let app: FastifyInstance;
let handle: DbHandle;
let base: string;
let buyer: string;
let admin: string;
/** Session lookups (SELECT … FROM "sessions") the database has answered. */
let sessionQueries = 0;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);

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

beforeAll(async () => {
  // These tests need the web build; a fresh checkout builds it once here.
  if (!fs.existsSync(path.join(webBuildDir(), 'server/index.js'))) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  handle = await createTestDb();
  countSessionQueries(handle.db);
  app = await buildApp({ db: handle.db, config: { publicUrl: PUBLIC_URL } });
  // A route answering with headers Node refuses to write, as a faulty route would.
  app.get('/api/test/bad-headers', async (req, reply) => {
    const q = req.query as { stream?: string };
    reply.header('location', '/\x1b').header('x-note', 'caf\u20ac');
    return q.stream ? reply.send(Readable.from(['a', 'b'])) : reply.code(302).send();
  });
  // As `npm start` runs it (the build is a production build).
  await registerWeb(app, webBuildDir(), 'production');
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  buyer = (await createUser(handle.db, 'Buyer')).cookie;
  admin = (await createUser(handle.db, 'Admin')).cookie;
}, 600_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await app?.close();
  await handle?.close();
});

/** A request left unanswered (a stuck or dead server) fails instead of waiting forever. */
const ANSWER_MS = 30_000;

const get = (url: string, cookie?: string) =>
  fetch(base + url, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(ANSWER_MS),
  });

function post(url: string, body: string, cookie?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'text/html',
  };
  if (cookie) headers.cookie = cookie;
  return fetch(base + url, {
    method: 'POST',
    redirect: 'manual',
    headers,
    body,
    signal: AbortSignal.timeout(ANSWER_MS),
  });
}

// ---- What the site offers, read from its sources, so a new page or field is covered at once.

interface PageRoute {
  path: string; // as in routes.ts, with :params
  sources: string[]; // the route module (and its layouts)
}

/** Every page of apps/web/app/routes.ts with the source of its module. */
function pageRoutes(): PageRoute[] {
  const src = fs.readFileSync(path.join(WEB, 'routes.ts'), 'utf8');
  const read = (file: string) => fs.readFileSync(path.join(WEB, file), 'utf8');
  const layouts = [...src.matchAll(/\blayout\(\s*'([^']+)'/g)].map((m) => read(m[1]));
  const out: PageRoute[] = [];
  for (const m of src.matchAll(/\bindex\(\s*'([^']+)'/g))
    out.push({ path: '', sources: [read(m[1])] });
  for (const m of src.matchAll(/\broute\(\s*'([^']*)'\s*,\s*'([^']+)'/g))
    out.push({ path: m[1], sources: [read(m[2]), ...layouts] });
  return out;
}

const hasAction = (r: PageRoute) => /export\s+(async\s+)?function\s+action\b/.test(r.sources[0]);

/** The form fields a module reads or renders. */
function formFields(src: string): string[] {
  const names = new Set<string>();
  for (const re of [
    /\bname="([A-Za-z_][\w-]*)"/g,
    /\bfield\(\s*\w+\s*,\s*'([^']+)'/g,
    /\bform\.(?:get|getAll)\(\s*'([^']+)'/g,
  ])
    for (const m of src.matchAll(re)) names.add(m[1]);
  return [...names];
}

/** Forms posting outside their page (e.g. the newsletter box posts to the API). */
function otherFormTargets(): { url: string; fields: string[] }[] {
  const out: { url: string; fields: string[] }[] = [];
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  for (const file of walk(WEB).filter((f) => f.endsWith('.tsx'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/<(?:form|Form)\b([^>]*)>/g)) {
      const attrs = m[1];
      const action = /\baction="(\/[^"]*)"/.exec(attrs)?.[1];
      if (action && /\bmethod="post"/i.test(attrs))
        out.push({ url: action, fields: formFields(src) });
    }
  }
  return out;
}

/** Every query parameter a page reads, and every one the API documents (pages pass them on). */
function queryNames(): string[] {
  const names = new Set(['redirectTo', '_routes', 'index', 'q']);
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  for (const file of walk(WEB).filter((f) => /\.tsx?$/.test(f)))
    for (const m of fs
      .readFileSync(file, 'utf8')
      .matchAll(/(?:searchParams|params|sp)\.(?:get|getAll|has)\(\s*'([^']+)'/g))
      names.add(m[1]);
  const doc = app.swagger() as any;
  for (const item of Object.values(doc.paths ?? {}) as any[])
    for (const op of Object.values(item) as any[])
      for (const p of op?.parameters ?? []) if (p.in === 'query') names.add(p.name);
  return [...names];
}

// ---- Hostile values, as they travel (percent-encoded): a leading "/" gets them past a check
// that only looks at the first character, as the crash this guards against did.
const SHORT = [
  '%2F%00',
  '%2F%1B',
  '%2F%0D%0ASet-Cookie:%20x=1',
  '%2F%2Fevil.example%2Fx',
  '%2F%5Cevil.example',
  '%2F%C0%AF',
  '%2F%FF%FE',
  '%2F%ED%A0%80',
];
/** The few also sent to page data (the same loaders as the page) and to each field alone. */
const SOME = ['%2F%1B', '%2F%C0%AF'];
const LONG = 'x'.repeat(10_000);

const fill = (route: string, value: string) =>
  '/' + route.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  cookie?: string;
}

/** Runs the probes a few at a time; after each, the server must still answer a page with 200. */
async function fire(probes: Probe[]) {
  const failures: string[] = [];
  let next = 0;
  async function worker() {
    while (next < probes.length) {
      const p = probes[next++];
      const label = `${p.method} ${p.url.slice(0, 120)}${p.body ? ` [${p.body.slice(0, 80)}]` : ''}${p.cookie ? ' (signed in)' : ''}`;
      try {
        const res =
          p.method === 'GET' ? await get(p.url, p.cookie) : await post(p.url, p.body!, p.cookie);
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${label} -> ${res.status}`);
        const to = res.headers.get('location');
        if (to && new URL(to, base + '/x').origin !== base)
          failures.push(`${label} -> redirect off the site: ${to}`);
      } catch (e) {
        failures.push(`${label} -> ${(e as Error).message}`);
      }
      const after = await get('/api/health').catch((e: Error) => ({ status: e.message }));
      if (after.status !== 200)
        failures.push(`after ${label}: the next request got ${after.status}`);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

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

  it('answers every form post below 500, signed in or not, and keeps serving', async () => {
    const targets = pageRoutes()
      .filter(hasAction)
      .map((r) => ({
        url: fill(r.path, '1'),
        fields: formFields(r.sources[0]),
        admin: r.path.startsWith('admin'),
      }))
      .concat(otherFormTargets().map((f) => ({ ...f, admin: false })));
    const probes: Probe[] = [];
    const form = (fields: string[], v: string) => fields.map((f) => `${f}=${v}`).join('&');
    for (const t of targets)
      for (const cookie of [undefined, t.admin ? admin : buyer]) {
        // Signing out here would end the session the other probes use.
        if (cookie && t.url === '/auth/logout') continue;
        // Every field at once, then a few values in each field alone.
        for (const v of [...SHORT, LONG])
          probes.push({ method: 'POST', url: t.url, body: form(t.fields, v), cookie });
        for (const f of t.fields)
          for (const v of [...SOME, LONG])
            probes.push({ method: 'POST', url: t.url, body: form([f], v), cookie });
      }
    // The redirect target of forms that succeed: a real sign-up and a real sign-in.
    const password = 'Okada-rides-4-ever';
    const reg = await post(
      '/auth/register',
      `name=Ada%20Obi&email=hostile0%40test.ng&phone=08031110000&password=${password}&role=Buyer`,
    );
    expect(reg.status).toBe(302);
    SHORT.concat(LONG).forEach((v, i) => {
      probes.push({
        method: 'POST',
        url: '/auth/register',
        body: `name=Ada%20Obi&email=hostile${i + 1}%40test.ng&phone=0803111${String(i + 1).padStart(4, '0')}&password=${password}&role=Buyer&redirectTo=${v}`,
      });
      probes.push({
        method: 'POST',
        url: '/auth/login',
        body: `email=hostile0%40test.ng&password=${password}&redirectTo=${v}`,
      });
    });
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
