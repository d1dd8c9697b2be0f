#!/usr/bin/env node
// Page weight on a 360 px phone: loads pages in Chromium and sums the bytes that crossed the
// wire (compressed, as the server sent them), for JavaScript and for everything.
//
//   node scripts/measure-page-weight.mjs [baseURL] [path ...]
//   BASE_URL=http://127.0.0.1:3000 node scripts/measure-page-weight.mjs /spares-parts /product/1
//
// With no path it measures /, /spares-parts, the first product of the list, /mechanics,
// /towvans and /search.
// Budgets (decision 0009): initial JS < 120 KB compressed per public page (React 19 and React
// Router are about 94 KB of it, shared by every page); product page < 300 KB in all.
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const base =
  (args[0]?.startsWith('http') ? args.shift() : process.env.BASE_URL) ?? 'http://127.0.0.1:3000';
const JS_BUDGET = 120 * 1024;
const TOTAL_BUDGET = 300 * 1024;

/**
 * Loads one page at 360x740 and returns the bytes by kind: `body` is the compressed body as
 * sent (the .br/.gz file for assets), `wire` adds the response headers.
 */
export async function measure(context, url) {
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (req) =>
    pending.push(
      (async () => {
        const res = await req.response();
        const sizes = await req.sizes();
        return {
          type: req.resourceType(),
          url: req.url(),
          body: sizes.responseBodySize,
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          encoding: (await res?.headerValue('content-encoding')) ?? '',
        };
      })(),
    ),
  );
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300); // lazy images that are in view settle
  const out = {
    js: 0,
    jsWire: 0,
    css: 0,
    img: 0,
    doc: 0,
    other: 0,
    total: 0,
    totalWire: 0,
    files: [],
  };
  for (const f of await Promise.all(pending)) {
    const kind =
      f.type === 'script'
        ? 'js'
        : f.type === 'stylesheet'
          ? 'css'
          : f.type === 'image'
            ? 'img'
            : f.type === 'document'
              ? 'doc'
              : 'other';
    out[kind] += f.body;
    if (kind === 'js') out.jsWire += f.wire;
    out.total += f.body;
    out.totalWire += f.wire;
    out.files.push({ kind, bytes: f.body, url: f.url.replace(base, ''), encoding: f.encoding });
  }
  await page.close();
  return out;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const phone = () =>
    browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
  let paths = args;
  if (paths.length === 0) {
    const res = await fetch(`${base}/api/products/categories/0/?pagesize=1`)
      .then((r) => r.json())
      .catch(() => null);
    const first = res?.items?.[0];
    paths = [
      '/',
      '/spares-parts',
      ...(first ? [`/product/${first.id}`] : []),
      '/mechanics',
      '/towvans',
      '/search',
    ];
  }
  let failed = false;
  for (const p of paths) {
    const context = await phone(); // a fresh context per page: nothing from the cache
    const m = await measure(context, base + p);
    await context.close();
    const jsOk = m.js < JS_BUDGET;
    const totalOk = !p.startsWith('/product/') || m.total < TOTAL_BUDGET;
    failed ||= !jsOk || !totalOk;
    console.log(
      `${p}\n  JS ${kb(m.js)} (with headers ${kb(m.jsWire)}) ${jsOk ? 'ok' : `OVER ${JS_BUDGET / 1024} KB`} | CSS ${kb(m.css)} | images ${kb(m.img)} | HTML ${kb(m.doc)} | other ${kb(m.other)} | total ${kb(m.total)} (with headers ${kb(m.totalWire)})${p.startsWith('/product/') ? (totalOk ? ' ok' : ' OVER 300 KB') : ''}`,
    );
    if (process.env.VERBOSE)
      for (const f of m.files.sort((a, b) => b.bytes - a.bytes))
        console.log(
          `    ${f.kind.padEnd(5)} ${kb(f.bytes).padStart(9)} ${f.encoding.padEnd(4)} ${f.url}`,
        );
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
