import { describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  StaticRouterProvider,
} from 'react-router';
import { Link } from './link.tsx';

/** `element` rendered on the server inside a router, at /parts/list. */
async function html(element: () => ReactNode) {
  const routes = [{ id: 'root', path: '/parts/list', Component: element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://127.0.0.1/parts/list'));
  if (context instanceof Response) throw new Error('expected a render context');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
}

describe('our Link', () => {
  it("draws React Router's markup, marked for the page's click handler", async () => {
    const props = { to: '/product/7?fit=1#reviews', className: 'x', 'aria-label': 'Headlamp' };
    const ours = await html(() => createElement(Link, props, 'Headlamp'));
    const theirs = await html(() => createElement(RouterLink, props, 'Headlamp'));
    expect(theirs).toContain('data-discover="true"');
    expect(ours).toBe(theirs.replace(' data-discover', ' data-nav="" data-discover'));
    // On intent the same markup until a pointer, a focus or a touch comes.
    const intent = await html(() =>
      createElement(Link, { ...props, prefetch: 'intent' }, 'Headlamp'),
    );
    expect(intent).toBe(ours);
  });

  it("leaves what needs the router's own handling to React Router's Link", async () => {
    const cases = [
      { to: 'relative' },
      { to: '../up' },
      { to: { pathname: '/product/7' } },
      { to: '//elsewhere.example/x' },
      { to: '/product/7', replace: true },
      { to: '/product/7', state: { from: 'list' } },
      { to: '/product/7', reloadDocument: true },
      { to: '/product/7', target: '_blank' },
      { to: '/product/7', prefetch: 'render' as const },
      { to: '/product/7', discover: 'none' as const },
    ];
    for (const props of cases) {
      const ours = await html(() => createElement(Link, props, 'x'));
      const theirs = await html(() => createElement(RouterLink, props, 'x'));
      expect(ours, JSON.stringify(props)).toBe(theirs);
      expect(ours).not.toContain('data-nav');
    }
  });
});
