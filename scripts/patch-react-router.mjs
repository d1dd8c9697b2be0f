#!/usr/bin/env node
// Run by `npm ci` (package.json "postinstall"). What a page's render leaves for the full garbage
// collections is what holds up the pages in flight when one runs (bench/README.md). On Node 20
// (V8 11) some shapes of object keep everything they reach through every young collection until
// the next full one, even once they are garbage (bench/promotion.mjs measures it):
// - an object literal with getters (each instance gets a map of its own, in the old space);
// - an object spread followed by more properties, `{ ...a, b }`: the copy's map is detached from
//   V8's transition tree, so each added property makes a new map; `Object.assign({}, a, { b })`
//   builds the same object without that;
// - an AbortSignal with listeners (Node's own; not ours to change).
// React Router's server render builds the first two on every page. These patches rewrite them
// with the same results, and build the route tree the render reads once per build instead of
// once per page (it is made from the build alone), and keep the route manifest a page inlines
// per build for each set of matched routes and parent paths. A fresh product page promoted 168 KB to the
// old space unpatched, 88 KB with the first patch and 62-67 KB with all of them; the signed-in
// cart page 118, 50 and 45 KB. Idempotent: each patch leaves its mark. A React Router whose text
// differs is left as it is, with a warning, and apps/web/app/lib/static-router.test.ts fails
// until this is brought up to date.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The script files of the installed React Router. */
function routerFiles() {
  let dist;
  try {
    dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  } catch {
    return []; // not installed (a partial install): nothing to do
  }
  const out = [];
  for (const build of ['development', 'production']) {
    const dir = path.join(dist, build);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) if (/\.(m?js)$/.test(f)) out.push(path.join(dir, f));
  }
  return out;
}

/** createStaticRouter's getters (basename, state, routes, …) as properties computed once. */
function staticRouterProperties(text, mark) {
  const fn = text.indexOf('function createStaticRouter(');
  const start = text.indexOf('  return {\n    get basename() {', fn);
  const endMark = '    get window() {\n      return void 0;\n    },';
  const end = text.indexOf(endMark, start);
  if (fn < 0 || start < 0 || end < 0) return null;
  const block = text.slice(start, end + endMark.length);
  const getter = /get (\w+)\(\) \{\n\s*return ([\s\S]*?);\n {4}\},/g;
  const props = block.replace(getter, '$1: $2,');
  if (props.includes('get ')) return null;
  return `${text.slice(0, start)}  ${mark}\n${props}${text.slice(end + endMark.length)}`;
}

/** createStaticRouter converts a route tree once: the render's tree is the same every page. */
function staticRoutesOnce(text, mark) {
  const re =
    /function createStaticRouter\(routes, context, opts = \{\}\) \{\n {2}let manifest = \{\};\n {2}let dataRoutes = ([\w.]+?)(?:\.call\(void 0, |\()\n {4}routes,\n {4}([\w.]+),\n {4}void 0,\n {4}manifest\n {2}\);/;
  if (!re.test(text)) return null;
  return text.replace(
    re,
    (_, convert, mapProps) => `${mark}
var convertedStaticRoutes = /* @__PURE__ */ new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = convertedStaticRoutes.get(routes);
  if (!converted) {
    let routeManifest = {};
    converted = [${convert}(routes, ${mapProps}, void 0, routeManifest), routeManifest];
    convertedStaticRoutes.set(routes, converted);
  }
  let [dataRoutes, manifest] = converted;`,
  );
}

/** ServerRouter makes the build's route tree once per build, not once per page. */
function serverRoutesOnce(text, mark) {
  const fn = 'function ServerRouter({';
  // The ES module calls createServerRoutes(…); the CommonJS one chunk.createServerRoutes.call(…).
  const call =
    / {2}let routes = ([\w.]+?)(?:\.call\(void 0, |\()\n {4}manifest\.routes,\n {4}routeModules,\n {4}context\.future,\n {4}context\.isSpaMode\n {2}\);/;
  if (!text.includes(fn) || !call.test(text)) return null;
  return text
    .replace(fn, `${mark}\nvar builtServerRoutes = /* @__PURE__ */ new WeakMap();\n${fn}`)
    .replace(
      call,
      (_, create) => `  let routes = builtServerRoutes.get(manifest.routes);
  if (!routes) {
    routes = ${create}(manifest.routes, routeModules, context.future, context.isSpaMode);
    builtServerRoutes.set(manifest.routes, routes);
  }`,
    );
}

/**
 * The route manifest a page inlines for route discovery, as text, kept per build for each set of
 * matched routes and parent paths (its only inputs besides the build): making it matched each
 * parent path of the URL against every route and serialised it again on every page.
 */
function partialManifestOnce(text, mark) {
  const def = 'function getPartialManifest({ sri, ...manifest }, router) {';
  const call =
    /\$\{JSON\.stringify\(\n\s*getPartialManifest\(manifest, router\),\n\s*null,\n\s*2\n\s*\)\}/;
  if (!text.includes(def) || !call.test(text)) return null;
  return text
    .replace(
      def,
      `${mark}
var partialManifestTexts = /* @__PURE__ */ new WeakMap();
function partialManifestText(manifest, router) {
  let texts = partialManifestTexts.get(manifest);
  if (!texts || texts.routes !== router.routes) {
    texts = { routes: router.routes, byKey: /* @__PURE__ */ new Map() };
    partialManifestTexts.set(manifest, texts);
  }
  let parents = router.state.location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  let key = router.state.matches.map((m) => m.route.id).join("\\n") + "\\n/" + parents;
  let text = texts.byKey.get(key);
  if (text === void 0) {
    text = JSON.stringify(getPartialManifest(manifest, router), null, 2);
    if (texts.byKey.size >= 1000) texts.byKey.clear();
    texts.byKey.set(key, text);
  }
  return text;
}
${def}`,
    )
    .replace(call, () => '${partialManifestText(manifest, router)}');
}

/**
 * In function `fn`, the object literal `{ ...a, ...b, x, y() {…} }` (its first spread `spreads`)
 * rewritten as `Object.assign({}, a, b, { x, y() {…} })`: the same object, without a spread
 * followed by properties. Null when the function or the literal is not there as expected.
 */
function assignedSpread(text, fn, spreads, mark) {
  const at = text.search(new RegExp(`\\n *(async )?function ${fn}\\(`));
  if (at < 0) return null;
  const indent = /\n( *)/.exec(text.slice(at))[1].length;
  const open = new RegExp(`\\{\\n( +)${spreads.map((s) => `\\.\\.\\.${s},\\n\\1`).join('')}`, 'g');
  open.lastIndex = at + 1;
  const m = open.exec(text);
  if (!m) return null;
  // The literal must be in `fn` itself, not in a function after it.
  const sibling = new RegExp(`\\n {0,${indent}}(async )?function `);
  if (sibling.test(text.slice(at + 1, m.index))) return null;
  const inner = m[1].length;
  const close = new RegExp(`\\n {${inner - 2}}\\}`, 'g');
  close.lastIndex = m.index + m[0].length;
  const c = close.exec(text);
  if (!c) return null;
  const props = text.slice(m.index + m[0].length, c.index);
  return `${text.slice(0, m.index)}${mark} Object.assign({}, ${spreads.join(', ')}, {\n${m[1]}${props}\n${' '.repeat(inner - 2)}})${text.slice(c.index + c[0].length)}`;
}

/**
 * Each rewrite: `anchor` says a file holds the code; `apply` returns the rewritten text or null
 * when the code is not as expected; `mark` is left in the text so a second run knows it is done.
 */
export const PATCHES = [
  {
    anchor: 'function createStaticRouter(',
    mark: '/* sparefinder: static router without getters */',
    apply: staticRouterProperties,
  },
  {
    anchor: 'function createStaticRouter(',
    mark: '/* sparefinder: static routes converted once */',
    apply: staticRoutesOnce,
  },
  {
    anchor: 'function ServerRouter({',
    mark: '/* sparefinder: server routes made once per build */',
    apply: serverRoutesOnce,
  },
  {
    anchor: 'function getPartialManifest(',
    mark: '/* sparefinder: partial manifest kept per build */',
    apply: partialManifestOnce,
  },
  // Objects built per page with a spread followed by properties that reach the page's state:
  // Link's anchor props (their onClick reaches the router) and each loader's match. (Rewriting
  // the loader call's arguments and the loader results too changed nothing measurable.)
  ...[
    ['LinkWithRef', ['rest', 'prefetchHandlers'], 'link props'],
    ['getDataStrategyMatch', ['match'], 'loader match'],
  ].map(([fn, spreads, what]) => ({
    anchor: `function ${fn}(`,
    mark: `/* sparefinder: ${what} without a spread */`,
    apply: (text, mark) => assignedSpread(text, fn, spreads, mark),
  })),
];

/** The text with every patch whose code it holds applied; `failed` gets those that did not fit. */
export function patched(text, failed = []) {
  let out = text;
  for (const p of PATCHES) {
    if (!out.includes(p.anchor) || out.includes(p.mark)) continue;
    const next = p.apply(out, p.mark);
    if (next === null) failed.push(p.mark);
    else out = next;
  }
  return out;
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  for (const file of routerFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    const failed = [];
    const out = patched(text, failed);
    for (const mark of failed)
      console.warn(`patch-react-router: ${file} is not as expected for ${mark}; left unchanged`);
    if (out !== text) fs.writeFileSync(file, out);
  }
}
