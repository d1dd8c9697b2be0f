#!/usr/bin/env node
// Run by `npm ci` (package.json "postinstall"). React Router's server render builds a static
// router per page (createStaticRouter) as an object literal with getters (basename, state,
// routes, …). V8 keeps such a literal, and all its getters reach (the page's loader data and a
// route tree converted for this render), through every young collection until the next full
// one: a fresh product page promoted 168 KB to the old space, 88 KB with plain properties, and
// the signed-in cart page 118 KB against 50 (bench/promotion.mjs; bench/README.md, session 14).
// What promotes is what the full collections then mark and sweep, holding up the pages in flight.
//
// This turns those getters into properties computed once, when the router is made: on the server
// nothing changes them afterwards (the static router's methods all throw). Idempotent; a React
// Router whose text differs is left as it is, with a warning, and
// apps/web/app/lib/static-router.test.ts fails until this is brought up to date.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const MARK = '/* sparefinder: static router without getters */';
const require = createRequire(import.meta.url);

/** The files of the installed React Router that define createStaticRouter. */
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
    for (const f of fs.readdirSync(dir))
      if (/\.(m?js)$/.test(f)) {
        const file = path.join(dir, f);
        if (fs.readFileSync(file, 'utf8').includes('function createStaticRouter(')) out.push(file);
      }
  }
  return out;
}

/** The text with createStaticRouter's getters made properties, or null when it is not as expected. */
export function withoutGetters(text) {
  if (text.includes(MARK)) return text;
  const fn = text.indexOf('function createStaticRouter(');
  const start = text.indexOf('  return {\n    get basename() {', fn);
  const endMark = '    get window() {\n      return void 0;\n    },';
  const end = text.indexOf(endMark, start);
  if (fn < 0 || start < 0 || end < 0) return null;
  const block = text.slice(start, end + endMark.length);
  const getter = /get (\w+)\(\) \{\n\s*return ([\s\S]*?);\n {4}\},/g;
  const props = block.replace(getter, '$1: $2,');
  if (props.includes('get ')) return null;
  return `${text.slice(0, start)}  ${MARK}\n${props}${text.slice(end + endMark.length)}`;
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  for (const file of routerFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    const patched = withoutGetters(text);
    if (patched === null)
      console.warn(`patch-react-router: ${file} is not as expected; left unchanged`);
    else if (patched !== text) fs.writeFileSync(file, patched);
  }
}
