import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/*
 * EXPERIMENT (exp-preact): in the browser `react`/`react-dom` are preact/compat (see
 * vite.config.ts); the server still renders with React 19. Two Preact differences matter here:
 *
 * 1. React hydrates `document` with a tree whose root is <html>. Preact maps `document` to
 *    `document.documentElement` and would then look for an <html> *inside* <html>, find none and
 *    append a second copy of the whole page. So Preact gets a stand-in container whose only child
 *    is the existing <html> element.
 * 2. Preact hydrates by matching each element with the next unused DOM node of the same tag and
 *    does not patch attributes while hydrating. React 19's server renderer adds to <head> things
 *    our components never render there: <link rel=preload> for images and the
 *    <link rel=modulepreload> that <Scripts> renders in <body> (React hoists them). Preact would
 *    then pair our <link rel=icon>/<link rel=stylesheet> with those preloads and delete the real
 *    stylesheet (an unstyled page). Those preloads have done their work once the page has loaded,
 *    so they are removed before hydrating; the rest of <head> is then in our render order.
 * 3. <HydratedRouter> throws a promise (Suspense style) until the loader data streamed inline in
 *    the page is decoded. React suspends the root and retries; Preact has no boundary above the
 *    root, so the throw escapes hydrateRoot: wait for it and hydrate again (nothing was rendered
 *    yet, so the server DOM is untouched).
 */
function documentContainer(): Element {
  const html = document.documentElement;
  return {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, ref: Node | null) => document.insertBefore(node, ref),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  } as unknown as Element;
}

function dropHoistedPreloads() {
  document.head
    .querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')
    .forEach((l) => l.remove());
}

const container = documentContainer();

function hydrate() {
  try {
    hydrateRoot(container, <HydratedRouter />);
  } catch (e) {
    if (e && typeof (e as PromiseLike<unknown>).then === 'function')
      (e as PromiseLike<unknown>).then(hydrate, hydrate);
    else throw e;
  }
}

dropHoistedPreloads();
startTransition(hydrate);
