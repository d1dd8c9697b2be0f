import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { dbLabel } from './test/helper.ts';
import { get, useWebServer } from './test/web-server.ts';
import { webBuildDir } from './web.ts';

// A page inlines the part of the route manifest route discovery starts from: the routes its URL
// matches and those each parent path matches. The server keeps that text per build for each
// set of matched routes and parent paths (scripts/patch-react-router.mjs); these pages, asked
// in turn and again, must carry what React Router's own matching gives for each.
useWebServer();

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** The build's routes as the nested tree matchRoutes takes. */
async function routeTree(): Promise<RouteObject[]> {
  const build = await import(pathToFileURL(path.join(webBuildDir(), 'server/index.js')).href);
  const flat = Object.values(build.routes as Record<string, BuildRoute>);
  const tree = (parentId?: string): RouteObject[] =>
    flat
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: tree(r.id) },
      );
  return tree(undefined);
}

/** The route ids React Router's matching gives for `url`'s path and each of its parents. */
function expectedIds(routes: RouteObject[], url: string): string[] {
  const segments = new URL(url, 'http://x').pathname.split('/').filter(Boolean);
  const paths = [segments.join('/')];
  for (let i = segments.length - 1; i >= 0; i--) paths.push(segments.slice(0, i).join('/'));
  const ids = new Set<string>();
  for (const p of paths) for (const m of matchRoutes(routes, `/${p}`) ?? []) ids.add(m.route.id!);
  return [...ids].sort();
}

async function inlinedManifest(url: string): Promise<string> {
  const html = await (await get(url)).text();
  const m = /window\.__reactRouterManifest = ([\s\S]*?);\n/.exec(html);
  if (!m) throw new Error(`${url}: no route manifest in the page`);
  return m[1];
}

describe(`the route manifest a page inlines (${dbLabel()})`, () => {
  it('names the routes of the URL and of each parent path, page after page', async () => {
    const routes = await routeTree();
    const urls = [
      '/product/1',
      '/spares-parts',
      '/product/2',
      '/static/faq',
      '/mechanics',
      '/static/terms',
      '/auth/login',
      '/no/such/page',
      '/product/1',
    ];
    const texts = new Map<string, string>();
    for (const url of urls) {
      const text = await inlinedManifest(url);
      const manifest = JSON.parse(text);
      expect(Object.keys(manifest.routes).sort(), url).toEqual(expectedIds(routes, url));
      expect(manifest.entry?.module, url).toMatch(/^\/assets\/entry\.client-/);
      if (texts.has(url)) expect(text, `${url} again`).toBe(texts.get(url));
      texts.set(url, text);
    }
    // Two products share the same routes and parents, so the same text.
    expect(texts.get('/product/2')).toBe(texts.get('/product/1'));
  });
});
