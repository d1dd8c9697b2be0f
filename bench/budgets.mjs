// The latency and throughput budgets of what a user mostly meets uncached, each beside the last
// figure `npm run bench` measured for it: a fresh product page, a fresh search, the signed-in
// cart page, checkout, live chat delivery and compressed answers. Every row reads the results
// file its bench writes (bench/results), so the table is what was measured, never retyped.
// Run on its own: `node bench/budgets.mjs` (after a bench run); `npm run bench` prints it last.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** A scenario of run.mjs at its fixed rate, by the start of its name. */
const scenario = (latest, name, rate) =>
  Object.entries(latest?.scenarios ?? {}).find(
    ([k]) => k.startsWith(name) && k.endsWith(`(@${rate} req/s)`),
  )?.[1];

/**
 * [what, budget text, measure(files) → { figure, met } | undefined]. `files` holds the parsed
 * results files (latest, checkout, sockets); a bench not run yet gives `undefined`: not measured.
 */
export const BUDGETS = [
  [
    'fresh product page (never rendered before), 100 req/s, p99',
    '< 30 ms',
    ({ latest }) => {
      const r = scenario(latest, 'page: /product/:id, 3,000 different', 100);
      return (
        r && {
          figure: `${r.p99} ms (${r.reqPerSec} req/s, ${r.errors} errors)`,
          met: r.p99 < 30 && !r.errors && r.reqPerSec >= 95,
        }
      );
    },
  ],
  [
    'fresh search on a held-out query mix, 200 req/s, p99',
    '< 15 ms',
    ({ latest }) => {
      const r = scenario(latest, 'search: fresh queries', 200);
      return (
        r && {
          figure: `${r.p99} ms (${r.reqPerSec} req/s, ${r.errors} errors)`,
          met: r.p99 < 15 && !r.errors && r.reqPerSec >= 190,
        }
      );
    },
  ],
  [
    'signed-in cart page, 50 req/s, p99',
    '< 50 ms',
    ({ latest }) => {
      const r = scenario(latest, 'page: /shopping/cart', 50);
      return (
        r && {
          figure: `${r.p99} ms (${r.reqPerSec} req/s, ${r.errors} errors)`,
          met: r.p99 < 50 && !r.errors && r.reqPerSec >= 48,
        }
      );
    },
  ],
  [
    'checkout (POST /api/checkout), 50 buyers on different parts',
    '>= 200 orders/s, p99 < 150 ms',
    ({ checkout }) => {
      // Orders per second flat out; p99 with checkouts arriving at 200 a second (open loop).
      const t = checkout?.throughput;
      const r = t?.atRate;
      // What an order cost the servers and PostgreSQL, where the bench could read it.
      const cpu =
        t?.serverCpuMsPerOrder != null
          ? `; CPU an order: server ${t.serverCpuMsPerOrder} ms, PostgreSQL ${t.dbCpuMsPerOrder ?? '?'} ms`
          : '';
      return (
        t && {
          figure: r
            ? `${t.ordersPerSecond} orders/s flat out${cpu}; p99 ${r.checkoutP99} ms at ${r.rate}/s (${r.ordersPerSecond} orders/s)`
            : `${t.ordersPerSecond} orders/s, p99 ${t.checkoutP99} ms (flat out)${cpu}`,
          met:
            !!r &&
            t.ordersPerSecond >= 200 &&
            r.rate >= 200 &&
            r.checkoutP99 < 150 &&
            !Object.keys({ ...t.errors, ...r.errors }).length,
        }
      );
    },
  ],
  [
    'live message delivery, 2,000 open sockets, 200 messages/s, p99',
    '< 250 ms',
    ({ sockets }) => {
      const f = sockets?.fixedRate;
      return (
        f && {
          figure: `${f.p99} ms at ${f.rate}/s (${f.delivered} of ${f.sent} delivered, ${sockets.sockets} sockets)`,
          met: f.rate >= 200 && sockets.sockets >= 2000 && f.p99 < 250 && f.delivered === f.sent,
        }
      );
    },
  ],
  [
    'uncached API answer and page data above 1 KB, compressed',
    'brotli or gzip',
    ({ latest }) => {
      const c = latest?.compression;
      return (
        c && {
          figure: c
            .map((x) => `${x.path}: ${x.encoding || 'none'} ${x.bytes} of ${x.plainBytes} B`)
            .join('; '),
          met: c.every(
            (x) =>
              x.status === 200 &&
              x.plainBytes > 1024 &&
              x.encoding === 'br' &&
              x.bytes < x.plainBytes,
          ),
        }
      );
    },
  ],
];

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return undefined;
  }
};

/** The budget table for `files` (default: the results files); `met` false when any row is not met. */
export function budgetTable(
  files = {
    latest: read('latest.json'),
    checkout: read('checkout.json'),
    sockets: read('sockets.json'),
  },
) {
  const rows = BUDGETS.map(([what, budget, measure]) => {
    const m = measure(files);
    return {
      what,
      budget,
      measured: m ? m.figure : 'not measured',
      met: m ? (m.met ? 'yes' : 'NO') : '-',
    };
  });
  return { rows, met: rows.every((r) => r.met === 'yes') };
}

export function printBudgets(files) {
  const { rows } = budgetTable(files);
  console.log('\nBudgets (uncached work, two processes on PostgreSQL; bench/README.md):');
  console.table(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printBudgets();
