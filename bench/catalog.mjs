#!/usr/bin/env node
// Catalogue budgets, against a running server:
//   BENCH_URL=http://127.0.0.1:3000 node bench/catalog.mjs
//   - list call with three filters and the search call: p99 < 20 ms at 200 req/s (100,000 products, PostgreSQL)
//   - search over 1,000,000 products: p95 < 30 ms
// Each scenario runs at a fixed rate (bench/load.mjs) and rotates through several realistic queries.
// Env: BENCH_URL (required), BENCH_DURATION seconds per scenario (10), BENCH_RATE (200), BENCH_ONLY (substring of a name).
// Exported: catalogScenarios(base) for bench/run.mjs; run directly it prints req/s, p50, p95, p99 per scenario.
import { constantRate } from './load.mjs';
import { SMOKE, failOnErrors, sized } from './smoke-mode.mjs';
import { pathToFileURL } from 'node:url';

const SEARCHES = [
  'brake pads',
  'corolla headlamp',
  'tokunbo gearbox',
  'brak pads',
  'oil filter',
  'camry shock absorber',
  'alternator',
  'spark plugs',
  'radiator',
  'side mirror',
];

// Searches nobody made in the last few seconds miss the answer cache (service.ts): 2,400 distinct
// queries, so none repeats within a 10 s run at 200 req/s.
const PARTS = [
  'brake pads',
  'headlamp',
  'oil filter',
  'alternator',
  'radiator',
  'shock absorber',
  'spark plugs',
  'side mirror',
  'gearbox',
  'fuel pump',
  'water pump',
  'timing belt',
  'clutch plate',
  'wiper blade',
  'control arm',
  'ball joint',
  'tie rod end',
  'engine mount',
  'air filter',
  'brak pads',
];
const CARS = [
  'corolla',
  'camry',
  'accord',
  'civic',
  'sienna',
  'highlander',
  'rx350',
  'es330',
  'altima',
  'pathfinder',
  'c300',
  'ml350',
  'hilux',
  'rav4',
  'sonata',
  'elantra',
  'lexus',
  'honda',
  'toyota',
  'nissan',
];
export const freshSearches = (...conds) => {
  const out = [];
  for (const cond of conds.length ? conds : ['', 'tokunbo ', 'new '])
    for (const car of CARS)
      for (const part of PARTS) out.push(`${cond}${car} ${part}`, `${cond}${part} ${car}`);
  return out.map((q) => encodeURIComponent(q.trim()));
};

export async function catalogScenarios(base) {
  const json = async (p) => (await fetch(`${base}${p}`)).json();
  const states = (await json('/api/database/states/NG')).items;
  const makes = (await json('/api/database/cars/make')).items;
  const id = (items, label) => items.find((o) => o.label === label)?.value;
  const lagos = id(states, 'Lagos');
  const places = ['Lagos', 'Anambra', 'Federal Capital Territory', 'Rivers', 'Oyo']
    .map((s) => id(states, s))
    .filter(Boolean);
  const mk = ['Toyota', 'Honda', 'Lexus', 'Nissan', 'Mercedes-Benz']
    .map((m) => id(makes, m))
    .filter(Boolean);
  const cats = [6, 10, 2, 7, 3];
  const three = [];
  for (let i = 0; i < 25; i++)
    three.push(
      `/api/products/categories/${cats[i % 5]}/?carmake=${mk[(i >> 1) % mk.length]}&regionId=${places[(i >> 2) % places.length]}`,
    );
  three.push(`/api/products/categories/6/?carmake=${mk[0]}&regionId=${lagos}&condition=1`);
  return [
    { name: 'list: three filters (category + make + state)', paths: three, rate: 200 },
    {
      name: 'search: suggestions (/api/products/search)',
      paths: SEARCHES.map((q) => `/api/products/search?prodName=${encodeURIComponent(q)}`),
      rate: 200,
    },
    {
      name: 'search: ranked list (prodName)',
      paths: SEARCHES.map(
        (q) => `/api/products/categories/0/?active=true&prodName=${encodeURIComponent(q)}`,
      ),
      rate: 200,
    },
    {
      name: 'search: fresh queries, ranked list (uncached)',
      paths: freshSearches().map((q) => `/api/products/categories/0/?active=true&prodName=${q}`),
      // warmed with other searches, so the measured ones are not in the cache
      warmPaths: freshSearches('used ').map(
        (q) => `/api/products/categories/0/?active=true&prodName=${q}`,
      ),
      rate: 200,
      rateOnly: true,
    },
    {
      name: 'product: detail',
      // The smoke's demo catalogue holds 1,500 products.
      paths: [
        '/api/products/1',
        '/api/products/50',
        ...sized(
          ['/api/products/5000', '/api/products/20000'],
          ['/api/products/500', '/api/products/1500'],
        ),
      ],
      rate: 200,
    },
  ];
}

/** Runs one scenario at its fixed rate (bench/load.mjs: evenly spaced, latency from the due time). */
export const runScenario = (base, sc, { duration = 10, rate } = {}) =>
  constantRate({ base, paths: sc.paths, rate: rate ?? sc.rate, duration }).then((r) => ({
    name: sc.name,
    ...r,
  }));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_URL;
  if (!base) {
    console.error('Set BENCH_URL to a running server, e.g. BENCH_URL=http://127.0.0.1:3000');
    process.exit(1);
  }
  const duration = Number(process.env.BENCH_DURATION ?? sized(10, 1));
  const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : sized(undefined, 20);
  const only = process.env.BENCH_ONLY;
  const out = [];
  for (const sc of await catalogScenarios(base)) {
    if (only && !sc.name.includes(only)) continue;
    // Warm up (connections, plan cache, OS cache) before measuring.
    if (!SMOKE) await runScenario(base, sc, { duration: 2, rate: 50 });
    const r = await runScenario(base, sc, { duration, rate });
    out.push(r);
    console.log(
      `${r.name.padEnd(48)} ${String(r.reqPerSec).padStart(5)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors}`,
    );
  }
  console.log(JSON.stringify(out));
  failOnErrors('catalog', Object.fromEntries(out.map((r) => [r.name, r.errors])));
}
