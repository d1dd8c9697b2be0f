// The real server for the web tests: the API and the built web app listening on a port, reached
// over HTTP, with a signed-in buyer and admin; and the hostile-value probes the page and form
// sweeps send (web.test.ts, web-forms.test.ts: two files, so the two long sweeps run side by side).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { registerWeb, webBuildDir } from '../web.ts';
import { createUser } from './factories.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WEB = path.join(ROOT, 'apps/web/app');
const PUBLIC_URL = 'https://sparefinder.test';

// Set by useWebServer's beforeAll; importers see the values (live bindings).
export let app: FastifyInstance;
export let handle: DbHandle;
export let base: string;
export let buyer: string;
export let admin: string;
/** Errors nothing caught while the server ran: every sweep expects none. */
export const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);

/**
 * Starts the server before the file's tests and closes it after. `onDb` sees the database before
 * the app does; `routes` adds test-only routes before it listens.
 */
export function useWebServer(
  opts: { onDb?: (db: DbHandle['db']) => void; routes?: (app: FastifyInstance) => void } = {},
) {
  beforeAll(async () => {
    // These tests need the web build; a fresh checkout builds it once here.
    if (!fs.existsSync(path.join(webBuildDir(), 'server/index.js'))) {
      const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('npm run build failed');
    }
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    handle = await createTestDb();
    opts.onDb?.(handle.db);
    app = await buildApp({ db: handle.db, config: { publicUrl: PUBLIC_URL } });
    opts.routes?.(app);
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
}

/** A request left unanswered (a stuck or dead server) fails instead of waiting forever. */
const ANSWER_MS = 30_000;

export const get = (url: string, cookie?: string) =>
  fetch(base + url, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(ANSWER_MS),
  });

export function post(url: string, body: string, cookie?: string) {
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
export function pageRoutes(): PageRoute[] {
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

export const hasAction = (r: PageRoute) =>
  /export\s+(async\s+)?function\s+action\b/.test(r.sources[0]);

/** The form fields a module reads or renders. */
export function formFields(src: string): string[] {
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
export function otherFormTargets(): { url: string; fields: string[] }[] {
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
export function queryNames(): string[] {
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
export const SHORT = [
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
export const SOME = ['%2F%1B', '%2F%C0%AF'];
export const LONG = 'x'.repeat(10_000);

export const fill = (route: string, value: string) =>
  '/' + route.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

export interface Probe {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  cookie?: string;
}

/** A network error's words with their cause (undici says only "fetch failed" otherwise). */
const why = (e: Error) => {
  const c = e.cause as { code?: string; message?: string } | undefined;
  return c ? `${e.message} (${c.code ?? c.message})` : e.message;
};

/**
 * The health check after a probe. A keep-alive connection the server closed just as the client
 * reused it fails with a socket error before any byte is answered; browsers send such a GET
 * again on a new connection, and so does this, once. A server that crashed or stopped answering
 * fails both, and its 5xx is never retried.
 */
async function health(): Promise<number | string> {
  try {
    return (await get('/api/health')).status;
  } catch (e) {
    const first = why(e as Error);
    try {
      return (await get('/api/health')).status;
    } catch (e2) {
      return `${first}, then ${why(e2 as Error)}`;
    }
  }
}

/** Runs the probes a few at a time; after each, the server must still answer a page with 200. */
export async function fire(probes: Probe[]) {
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
        failures.push(`${label} -> ${why(e as Error)}`);
      }
      const after = await health();
      if (after !== 200) failures.push(`after ${label}: the next request got ${after}`);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}
