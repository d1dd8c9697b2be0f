import { sized } from './smoke-mode.mjs';

// What `npm run bench` measures. `rate` is the fixed request rate of the budget
// (API p99 < 20 ms at 200 req/s, SSR p99 < 50 ms at 100 req/s).
/** n product paths spread over the first 99,000 ids (the smoke's demo catalogue: 1,500). */
export const spread = (prefix, n) =>
  Array.from({ length: n }, (_, i) => `${prefix}${1 + ((i * 7919) % sized(99_000, 1500))}`);

/**
 * The demo buyer signed in, with three parts in the cart: the session cookie for the cart page.
 * Signed-in pages are never cached, so every request renders the cart afresh.
 */
export async function cartBuyer(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'buyer@demo.ng', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`demo buyer login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sf_sid='));
  const json = { 'content-type': 'application/json', cookie };
  const cart = await (await fetch(`${base}/api/cart`, { headers: { cookie } })).json();
  const list = await (await fetch(`${base}/api/products/categories/0/?pagesize=50`)).json();
  let lines = cart.items.length;
  for (const p of list.items) {
    if (lines >= 3) break;
    if (cart.items.some((l) => l.productId === p.prod_id)) continue;
    const r = await fetch(`${base}/api/cart/items`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ productId: p.prod_id, quantity: 1 }),
    });
    if (r.ok) lines++;
  }
  return cookie;
}

export async function scenarios(base) {
  const states = await (await fetch(`${base}/api/database/states/NG`)).json();
  const lagos = states.items.find((s) => s.label === 'Lagos')?.value ?? 25;
  const buyer = await cartBuyer(base);
  return [
    { name: 'lookup: car makes', path: '/api/database/cars/make', rate: 200 },
    { name: 'list: cities of Lagos', path: `/api/database/cities/${lagos}`, rate: 200 },
    { name: 'list: top categories', path: '/api/categories/getByParentId/0', rate: 200 },
    { name: 'list: mechanics (first page)', path: '/api/mechanics/indexquery', rate: 200 },
    {
      name: 'list: tow vans, capacity filter',
      path: '/api/towvans/indexquery?capacity=4&vehicleType=6',
      rate: 200,
    },
    { name: 'page: home (SSR)', path: '/', rate: 100 },
    { name: 'page: /spares-parts (SSR)', path: '/spares-parts', rate: 100 },
    {
      name: 'page: /product/:id (SSR)',
      paths: ['/product/1', '/product/50', '/product/500', '/product/1500'],
      rate: 100,
    },
    // Guests share a page for 10 s (apps/api/src/lib/page-cache.ts), so the rows above mostly measure
    // cached answers. These measure the rest: every request a product nobody asked for in the last
    // 10 s (a fresh render each), and cached pages compressed with brotli as phones ask for them.
    {
      name: 'page: /product/:id, 3,000 different (fresh renders)',
      paths: spread('/product/', 3000),
      warmPaths: spread('/product/', 3000).map((p) => `${p}?warm`),
      rate: 100,
      rateOnly: true,
    },
    {
      name: 'page: /shopping/cart (SSR, signed in, 3 lines)',
      path: '/shopping/cart',
      // The signed-in page budget's rate (p99 < 50 ms at 50 req/s): every request renders.
      rate: 50,
      headers: { cookie: buyer },
    },
    {
      name: 'page: /spares-parts, brotli',
      path: '/spares-parts',
      rate: 100,
      rateOnly: true,
      headers: { 'accept-encoding': 'br' },
    },
  ];
}
