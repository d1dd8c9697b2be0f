import { describe, expect, it } from 'vitest';
import { createStaticHandler, createStaticRouter } from 'react-router';

// scripts/patch-react-router.mjs (run by `npm ci`) makes the server's static router plain
// properties instead of getters, so V8 does not keep each page's router and what it reaches
// through young collections. This fails when an installed React Router no longer takes the patch.
describe('the static router a page renders with', () => {
  it('holds its values as properties, the same as the getters gave', async () => {
    const routes = [{ id: 'root', path: '/', loader: () => ({ greeting: 'Ẹ kú àárọ̀' }) }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://127.0.0.1/'));
    if (context instanceof Response) throw new Error('expected a render context');
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
});
