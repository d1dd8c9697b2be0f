import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link, StaticRouterProvider } from 'react-router';

// scripts/patch-react-router.mjs (run by `npm ci`) rewrites the objects React Router builds per
// page that V8 (Node 20) keeps through young collections: the static router's getters, objects
// built with a spread followed by properties, and the route tree made again per page.
// This fails when an installed React Router no longer takes the patches, or they change a result.
const MARKS = [
  'static router without getters',
  'static routes converted once',
  'server routes made once per build',
  'partial manifest kept per build',
  'link props without a spread',
  'loader match without a spread',
];

/**
 * The text of React Router's files of one kind: the server loads the ES modules, as does the
 * browser bundle; Vitest loads the CommonJS ones (the `default` export condition).
 */
function routerText(ext: '.mjs' | '.js'): string {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  return ['development', 'production']
    .map((build) => path.join(dir, build))
    .flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f)))
    .filter((f) => path.extname(f) === ext)
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

async function render(path = '/') {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ greeting: 'Ẹ kú àárọ̀' }),
      Component: () => createElement(Link, { to: '/product/7', className: 'x' }, 'Headlamp'),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (context instanceof Response) throw new Error('expected a render context');
  return { handler, context };
}

describe('the static router a page renders with', () => {
  it('is patched: every rewrite is in the installed React Router', () => {
    for (const ext of ['.mjs', '.js'] as const) {
      const text = routerText(ext);
      for (const mark of MARKS)
        expect(text, `${mark} (${ext})`).toContain(`/* sparefinder: ${mark} */`);
    }
  });

  it('holds its values as properties, the same as the getters gave', async () => {
    const { handler, context } = await render();
    const router = createStaticRouter(handler.dataRoutes, context);
    for (const key of ['basename', 'future', 'state', 'routes', 'manifest', 'window'])
      expect(Object.getOwnPropertyDescriptor(router, key)?.get, key).toBeUndefined();
    expect(router.basename).toBe('/');
    expect(router.state.loaderData).toEqual({ root: { greeting: 'Ẹ kú àárọ̀' } });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root']);
    expect(router.routes.map((r) => r.id)).toEqual(['root']);
    expect(() => router.navigate('/x')).toThrow(/on the server/);
  });

  it('converts a route tree once, and each render still gets its own state', async () => {
    const first = await render();
    const a = createStaticRouter(first.handler.dataRoutes, first.context);
    const b = createStaticRouter(first.handler.dataRoutes, first.context);
    expect(b.routes).toBe(a.routes);
    expect(b.state).not.toBe(a.state);
    const html = renderToStaticMarkup(
      createElement(StaticRouterProvider, { router: a, context: first.context }),
    );
    expect(html).toContain('<a class="x" href="/product/7" data-discover="true">Headlamp</a>');
    // Another tree (another build) is converted for itself.
    const other = await render();
    expect(createStaticRouter(other.handler.dataRoutes, other.context).routes).not.toBe(a.routes);
  });
});
