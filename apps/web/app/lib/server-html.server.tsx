import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { serverHtml } from './server-html.tsx';

/**
 * Renders `element` for <ServerHtml id> once, outside any page render (a loader calls this):
 * renderToString marks text the way the page's own renderer does, so hydration sees the same DOM.
 */
export function prepareServerHtml(id: string, element: () => ReactElement) {
  if (serverHtml.has(id)) return;
  if (serverHtml.size >= 64) serverHtml.clear(); // keys are few (a year and a form result); never unbounded
  serverHtml.set(id, renderToString(element()));
}
