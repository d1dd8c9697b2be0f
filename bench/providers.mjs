#!/usr/bin/env node
// Mechanics and tow-van list calls at a fixed 200 req/s (budget: p99 < 20 ms with 10,000
// providers on PostgreSQL). Prints req/s, p50 and p99 per call.
//
//   BENCH_URL=http://127.0.0.1:3990 node bench/providers.mjs
//   BENCH_DURATION=10 (seconds per call)  BENCH_RATE=200 (req/s)
// Data: npx tsx bench/seed-providers.ts 10000 with DATABASE_URL set (see bench/README.md).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { constantRate } from './load.mjs';
import { SMOKE, failOnErrors, sized } from './smoke-mode.mjs';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3990';
const duration = Number(process.env.BENCH_DURATION ?? sized(10, 1));
const rate = Number(process.env.BENCH_RATE ?? sized(200, 20));

/** The list calls the pages make: first pages, common filters and a deep cursor. */
export async function providerScenarios(url = base) {
  const get = async (p) => (await (await fetch(url + p)).json()).items ?? [];
  const states = await get('/api/database/states/NG');
  const lagos = states.find((s) => s.label === 'Lagos')?.value ?? 25;
  const cities = await get(`/api/database/cities/${lagos}`);
  const ikeja = cities.find((c) => c.label === 'Ikeja')?.value ?? cities[0]?.value;
  const deep = async (kind) => {
    // a cursor ten pages in, as after pressing 'Load more' ten times
    let lastId = null;
    for (let i = 0; i < 10; i++) {
      const page = await (
        await fetch(`${url}/api/${kind}/indexquery${lastId ? `?lastId=${lastId}` : ''}`)
      ).json();
      if (!page.hasMore) break;
      lastId = page.lastId;
    }
    return lastId ? `?lastId=${lastId}` : '';
  };
  return [
    { name: 'mechanics: first page', path: '/api/mechanics/indexquery' },
    {
      name: 'mechanics: state + speciality + day',
      path: `/api/mechanics/indexquery?regionId=${lagos}&speciality=1&avaliability=Monday`,
    },
    {
      name: 'mechanics: state + city',
      path: `/api/mechanics/indexquery?regionId=${lagos}&city=${ikeja}`,
    },
    {
      name: 'mechanics: page 11 (lastId)',
      path: `/api/mechanics/indexquery${await deep('mechanics')}`,
    },
    { name: 'tow vans: first page', path: '/api/towvans/indexquery' },
    {
      name: 'tow vans: capacity + vehicle type',
      path: '/api/towvans/indexquery?capacity=4&vehicleType=6',
    },
    { name: 'tow vans: page 11 (lastId)', path: `/api/towvans/indexquery${await deep('towvans')}` },
  ];
}

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration, connections: 20, ...opts }, (e, r) => (e ? reject(e) : resolve(r))),
  );

async function main() {
  const rows = {};
  // Reference measured in the same run: a bare Fastify route sending the same first-page JSON,
  // so a loaded machine shows up as a slow reference rather than as slow list calls.
  const payload = await (await fetch(`${base}/api/mechanics/indexquery`)).text();
  const bare = Fastify();
  bare.get('/bare', (_req, reply) =>
    reply.header('content-type', 'application/json').send(payload),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`;
  if (!SMOKE) await run({ url: bareUrl, duration: 2, connections: 5 });
  const bareAddr = new URL(bareUrl);
  rows['reference: bare fastify, same payload'] = await constantRate({
    base: bareAddr.origin,
    paths: [bareAddr.pathname],
    rate,
    duration,
  });
  await bare.close();
  for (const s of await providerScenarios()) {
    if (!SMOKE) await run({ url: base + s.path, duration: 2, connections: 5 }); // warm up
    rows[s.name] = await constantRate({ base, paths: [s.path], rate, duration });
  }
  console.log(`Provider lists at ${rate} req/s, ${duration}s each, against ${base}:`);
  console.table(rows);
  const worst = Math.max(
    ...Object.entries(rows)
      .filter(([k]) => !k.startsWith('reference'))
      .map(([, r]) => r.p99),
  );
  console.log(`worst p99 ${worst} ms (budget < 20 ms)`);
  failOnErrors(
    'providers',
    Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, r.errors])),
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
